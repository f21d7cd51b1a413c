/**
 * The wa.me link that opens a chat with the team. wa.me wants the number in international form with
 * digits only (no "+", spaces or dashes) and the prefilled text URL-encoded.
 */
export function buildWhatsAppLink(phoneNumber: string, message: string): string {
  const digits = phoneNumber.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
