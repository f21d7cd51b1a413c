/** A tel: link for a phone number as people write it ("+49 221 000-0"): digits and the leading + only. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
