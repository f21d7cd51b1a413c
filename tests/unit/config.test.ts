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

  it('parses flags', () => {
    expect(parseConfig({ SHOP_ORDERS_ENABLED: 'true' }).shopOrdersEnabled).toBe(true);
    expect(parseConfig({ SHOP_ORDERS_ENABLED: '0' }).shopOrdersEnabled).toBe(false);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'ftp://example.org'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['SHOP_ORDERS_ENABLED', 'yes please'],
    ['WHATSAPP_OFFICE_HOURS', 'always'],
    ['LOG_LEVEL', 'loud'],
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
