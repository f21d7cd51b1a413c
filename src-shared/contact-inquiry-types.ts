import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ContactInquiryType } from './constants';

/** The kinds of inquiry of the contact form, as the form and the team's mail name them. */
export const INQUIRY_TYPE_LABELS: Record<ContactInquiryType, MessageDescriptor> = {
  community: msg`Gemeinde oder Gemeinschaft`,
  corporate: msg`Unternehmenspartnerschaft`,
  donation: msg`Spende`,
  media: msg`Presse & Medien`,
  general: msg`Allgemeine Anfrage`,
  technical: msg`Technische Frage`,
};
