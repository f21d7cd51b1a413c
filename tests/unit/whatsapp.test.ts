import { describe, expect, it } from 'vitest';
import { buildWhatsAppLink } from '@shared/whatsapp';

describe('buildWhatsAppLink', () => {
  it('keeps only the digits of the number', () => {
    expect(buildWhatsAppLink('+49 (221) 123-45 67', 'Hi')).toBe('https://wa.me/492211234567?text=Hi');
  });

  it('URL-encodes the message, including umlauts, spaces and reserved characters', () => {
    const link = buildWhatsAppLink('4922112345', 'Hallo Team, ich interessiere mich für euch & eure Box? #1');
    expect(link).toBe(
      'https://wa.me/4922112345?text=Hallo%20Team%2C%20ich%20interessiere%20mich%20f%C3%BCr%20euch%20%26%20eure%20Box%3F%20%231',
    );
    expect(decodeURIComponent(new URL(link).searchParams.get('text') ?? '')).toBe(
      'Hallo Team, ich interessiere mich für euch & eure Box? #1',
    );
  });
});
