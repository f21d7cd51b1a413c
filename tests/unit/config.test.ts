import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@server/config';

describe('parseConfig', () => {
  it('works with nothing set', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBe('sqlite:./data/app.db');
    expect(config.shopOrdersEnabled).toBe(false);
    expect(config.site.officeHours.days).toEqual([1, 2, 3, 4, 5]);
  });

  it('derives PUBLIC_URL from PORT, drops a trailing slash from an explicit one, and knows whether it is https', () => {
    expect(parseConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(parseConfig({ PUBLIC_URL: 'https://schoolbox.example/' }).publicUrl).toBe('https://schoolbox.example');
    expect(parseConfig({ PUBLIC_URL: 'https://schoolbox.example/' }).isHttps).toBe(true);
    expect(parseConfig({ PORT: '8080' }).isHttps).toBe(false);
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ PORT: '', SMTP_URL: '' }).port).toBe(3000);
  });

  it('Stripe: off without a key; a key needs its webhook secret; prefixes and the API URL are checked', () => {
    expect(parseConfig({}).stripe).toBeNull();
    expect(parseConfig({ STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }).stripe).toBeNull();
    expect(parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_def' }).stripe).toEqual({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_def',
      apiUrl: undefined,
    });
    expect(
      parseConfig({ STRIPE_SECRET_KEY: 'rk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_def', STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe
        ?.apiUrl,
    ).toBe('http://127.0.0.1:12111');
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/STRIPE_WEBHOOK_SECRET: required/);
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_def' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_def\n' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'def' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseConfig({ STRIPE_API_URL: 'ftp://example.org' })).toThrow(/STRIPE_API_URL/);
    // A valid address with the wrong scheme says which scheme is wanted, not "Invalid URL".
    expect(() => parseConfig({ SMTP_URL: 'http://mail.example.org' })).toThrow('SMTP_URL: must be an smtp:// or smtps:// address');
    expect(() => parseConfig({ PUBLIC_URL: 'ftp://schoolbox.example' })).toThrow('PUBLIC_URL: must be an http:// or https:// address');
  });

  it('parses flags', () => {
    expect(parseConfig({ SHOP_ORDERS_ENABLED: 'true' }).shopOrdersEnabled).toBe(true);
    expect(parseConfig({ SHOP_ORDERS_ENABLED: '0' }).shopOrdersEnabled).toBe(false);
  });

  it('KLEINUNTERNEHMER: off unless set (prices then say "inkl. MwSt."), on with true or 1', () => {
    expect(parseConfig({}).shopTerms.kleinunternehmer).toBe(false);
    expect(parseConfig({ KLEINUNTERNEHMER: '' }).shopTerms.kleinunternehmer).toBe(false);
    expect(parseConfig({ KLEINUNTERNEHMER: 'false' }).shopTerms.kleinunternehmer).toBe(false);
    expect(parseConfig({ KLEINUNTERNEHMER: 'true' }).shopTerms.kleinunternehmer).toBe(true);
    expect(parseConfig({ KLEINUNTERNEHMER: '1' }).shopTerms.kleinunternehmer).toBe(true);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'ftp://example.org'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SHOP_ORDERS_ENABLED', 'yes please'],
    // A typo must not silently print "inkl. MwSt." for an association that charges none (§ 19 UStG).
    ['KLEINUNTERNEHMER', 'ja'],
    ['WHATSAPP_OFFICE_HOURS', 'always'],
    ['LOG_LEVEL', 'loud'],
    // Printed on every simplified donation receipt (§ 50 Abs. 4 EStDV): a date the mails can format.
    ['DONATION_EXEMPTION_NOTICE_DATE', '1.3.2025'],
  ])('refuses a bad %s and names it in the message', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });

  it('lists every bad variable at once', () => {
    try {
      parseConfig({ PORT: 'x', LOG_LEVEL: 'y' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toContain('PORT');
      expect((error as Error).message).toContain('LOG_LEVEL');
    }
  });
});
