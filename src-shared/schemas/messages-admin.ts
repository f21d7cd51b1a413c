import type { ContactInquiryType } from '../constants';
import { MESSAGE_STATES } from '../message-filters';
import { plainString } from './text';
import { adminPageSchema } from './admin-page';
import { z } from './zod';

/** /messages-admin (`messagesAdmin.*`): the contact messages, a page at a time, and marking one answered. */

export const messageListSchema = z.object({
  state: z.enum(MESSAGE_STATES).optional(),
  page: adminPageSchema,
});
export type MessageListInput = z.input<typeof messageListSchema>;

export const markMessageAnsweredSchema = z.object({ id: plainString(64).trim().min(1) });

export type AdminMessage = {
  id: string;
  inquiryType: ContactInquiryType;
  name: string;
  email: string;
  organization: string | null;
  subject: string;
  message: string;
  /** The language the sender wrote in (their receipt was in it): the answer is best in it too. */
  locale: string;
  createdAt: string;
  answeredAt: string | null;
  /** The e-mail of the admin who marked it answered. */
  answeredBy: string | null;
};

export type AdminMessageList = {
  messages: AdminMessage[];
  page: number;
  pageSize: number;
  total: number;
};
