import type { AdminMessage } from '@shared/schemas/messages-admin';

/**
 * A mailto: link that opens the admin's mail program with an answer to the message: to the sender,
 * subject "Re: " and theirs (the prefix every mail program understands, in any language). Both parts
 * are encoded, so nothing the sender typed can add a header or a recipient.
 */
export function replyLink(message: Pick<AdminMessage, 'email' | 'subject'>): string {
  const to = encodeURIComponent(message.email).replace(/%40/g, '@');
  return `mailto:${to}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
}
