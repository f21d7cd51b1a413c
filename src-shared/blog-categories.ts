import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BlogCategory } from './constants';

/** Categories are fixed keys, stored in German; these are their labels in the reader's language (pages and feeds). */
export const CATEGORY_LABELS: Record<BlogCategory, MessageDescriptor> = {
  Entwicklung: msg`Entwicklung`,
  Partnerschaften: msg`Partnerschaften`,
  Technologie: msg`Technologie`,
  Bildung: msg`Bildung`,
  Fundraising: msg`Fundraising`,
  Team: msg`Team`,
  Vereinsgeschichte: msg`Vereinsgeschichte`,
  Installation: msg`Installation`,
  Projektplanung: msg`Projektplanung`,
};

export function categoryLabel(category: string, translate: (d: MessageDescriptor) => string): string {
  const descriptor = CATEGORY_LABELS[category as BlogCategory];
  return descriptor ? translate(descriptor) : category;
}
