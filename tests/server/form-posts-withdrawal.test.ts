/**
 * The withdrawal button (§ 356a BGB) without scripts (ADR 033), over real HTTP: /widerruf/erklaeren is a
 * real form posted to its own address; the server runs withdrawals.declare itself (the same stored
 * declaration and receipt mail as the tRPC path) and answers 303 with the notice, or the page again with
 * the form open, the values typed and the errors; a post without the site's Origin is refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FORM_NAME_FIELD, NOTICE_COOKIE } from '@shared/forms';
import { decodeEntities, textOf } from '../support/html';
import { signedInUser } from '../support/accounts';
import { trpcMutation } from '../support/http';
import { insertStoredOrder } from '../support/orders';
import { followRedirect, postForm, tagsOf } from '../support/form-posts';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const PATH = '/widerruf/erklaeren';

/** The value of the input (or textarea) named `name` in a page's HTML, or null when it has none. */
function inputValue(html: string, name: string): string | null {
  const input = tagsOf(html, 'input').find((attributes) => attributes.name === name);
  if (input) return input.value ?? '';
  const textarea = new RegExp(`<textarea\\b[^>]*\\sname="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  return textarea ? decodeEntities(textarea[1] ?? '') : null;
}

const ORDER_NUMBER = 'SB-260302-K7M2Q';
const OTHER_ORDER_NUMBER = 'SB-260302-P4X9Z';

/** Two stored orders placed with the same address (as checkout stores them, mixed case and all). */
async function storedOrders(target: TestApp) {
  const created_at = target.clock.now().toISOString();
  for (const [id, order_number] of [
    ['order-1', ORDER_NUMBER],
    ['order-2', OTHER_ORDER_NUMBER],
  ] as const) {
    await insertStoredOrder(target.db, { id, order_number, user_id: null, email: 'Grace.Hopper@Example.org', created_at });
  }
}

const DECLARATION = {
  [FORM_NAME_FIELD]: 'withdrawal',
  name: 'Grace Hopper',
  // As a person types it from the mail: spaces and case do not matter.
  orderNumber: ` ${ORDER_NUMBER.toLowerCase()} `,
  email: 'grace.hopper@example.ORG',
  message: 'Passt leider nicht.\r\nDanke!',
};

const withdrawals = (target: TestApp) => target.db.selectFrom('withdrawals').selectAll().orderBy('order_number').execute();
const receipts = (target: TestApp) =>
  target.db.selectFrom('outbox').select(['kind', 'to']).where('kind', '=', 'withdrawal_receipt').execute();

describe('the withdrawal form without scripts', () => {
  it('is a real form: a post to its own page, every field named with an id of its own, opened by a disclosure', async () => {
    app = await startTestApp();
    const response = await app.request(PATH);
    expect(response.status).toBe(200);
    const html = await response.text();
    const form = tagsOf(html, 'form').find((attributes) => attributes['aria-label'] === 'Widerrufserklärung');
    expect(form).toMatchObject({ method: 'post', action: PATH });
    expect(tagsOf(html, 'input').find((input) => input.name === FORM_NAME_FIELD)).toMatchObject({ type: 'hidden', value: 'withdrawal' });
    const fields = [...tagsOf(html, 'input'), ...tagsOf(html, 'textarea')];
    for (const name of ['name', 'orderNumber', 'email', 'message']) {
      expect(fields.find((field) => field.name === name)?.id, name).toBe(`withdrawal-${name}`);
    }
    // "Vertrag widerrufen" opens the form without scripts: the summary of a <details>, closed at first.
    expect(html).toMatch(/<details>\s*<summary\b[^>]*data-testid="withdrawal-open"[^>]*>[\s\S]*?Vertrag widerrufen[\s\S]*?<\/summary>/);
    const submit = tagsOf(html, 'button').find((button) => button.type === 'submit');
    expect(submit && 'disabled' in submit).toBe(false);
  });

  it('declares the withdrawal through withdrawals.declare: 303 back with the notice, stored and the receipt mailed as by tRPC', async () => {
    app = await startTestApp();
    await storedOrders(app);
    const response = await postForm(app, PATH, DECLARATION);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(PATH);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${NOTICE_COOKIE}=withdrawal.received;`))).toBe(true);

    // The same declaration of the other order through the API, for comparison: one implementation.
    const viaApi = await trpcMutation(app.url, 'withdrawals.declare', {
      name: DECLARATION.name,
      orderNumber: OTHER_ORDER_NUMBER,
      email: DECLARATION.email,
      message: DECLARATION.message,
      locale: 'de',
    });
    expect(viaApi.status).toBe(200);

    const [byPost, byApi, ...more] = await withdrawals(app);
    expect(more).toHaveLength(0);
    expect(byPost).toMatchObject({
      order_id: 'order-1',
      order_number: ORDER_NUMBER,
      name: 'Grace Hopper',
      email: 'grace.hopper@example.org',
      message: 'Passt leider nicht.\nDanke!',
      locale: 'de',
      created_at: app.clock.now().toISOString(),
    });
    const { id: _a, order_id: _b, order_number: _c, ...postedRest } = byPost ?? ({} as never);
    const { id: _d, order_id: _e, order_number: _f, ...apiRest } = byApi ?? ({} as never);
    expect(postedRest).toEqual(apiRest);

    // The receipt, to the order's own address, in the page's language, with the declaration's content.
    expect(await receipts(app)).toEqual([
      { kind: 'withdrawal_receipt', to: 'Grace.Hopper@Example.org' },
      { kind: 'withdrawal_receipt', to: 'Grace.Hopper@Example.org' },
    ]);
    await app.outbox.runOnce();
    const mails = app.sentMails.filter((mail) => mail.subject.startsWith('Eingangsbestätigung: Widerruf der Bestellung'));
    const mail = mails.find((candidate) => candidate.subject.endsWith(ORDER_NUMBER));
    const apiMail = mails.find((candidate) => candidate.subject.endsWith(OTHER_ORDER_NUMBER));
    const text = (mail?.text ?? '').replace(/\u00a0/g, ' ');
    for (const line of [
      `Hiermit widerrufe ich den Vertrag über die Bestellung ${ORDER_NUMBER}.`,
      'Name: Grace Hopper',
      // The test clock: 2 March 2026, 10:00 UTC = 11:00 in Cologne.
      'Eingegangen am: 2. März 2026 um 11:00:00 MEZ',
    ]) {
      expect(text, line).toContain(line);
    }
    expect(mail?.text.replaceAll(ORDER_NUMBER, '#')).toBe(apiMail?.text.replaceAll(OTHER_ORDER_NUMBER, '#'));

    // The page after the redirect says so in the form's place, once.
    const next = await followRedirect(app, response);
    expect(next.response.status).toBe(200);
    expect(next.response.headers.get('cache-control')).toBe('private, no-store');
    expect(next.html).toContain('data-testid="withdrawal-receipt"');
    expect(textOf(next.html)).toContain('Ihr Widerruf ist eingegangen');
    expect(textOf(next.html)).toContain(
      'Eine Eingangsbestätigung mit dem Inhalt Ihrer Erklärung ist an die E-Mail-Adresse Ihrer Bestellung unterwegs.',
    );
    expect(next.html).not.toContain('aria-label="Widerrufserklärung"');
    const again = await (await app.request(PATH)).text();
    expect(again).not.toContain('data-testid="withdrawal-receipt"');
  });

  it('in English, declares in English (the receipt is written in the language of the page it was posted from)', async () => {
    app = await startTestApp();
    await storedOrders(app);
    const response = await postForm(app, `${PATH}?lang=en`, DECLARATION);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${PATH}?lang=en`);
    expect((await withdrawals(app))[0]?.locale).toBe('en');
  });

  it('refused fields: the page again (200, no-store), the form open with what was typed and the errors; nothing stored or mailed', async () => {
    app = await startTestApp();
    await storedOrders(app);
    const response = await postForm(app, PATH, { ...DECLARATION, name: '', email: 'not-an-address' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toMatch(/<details\b[^>]*\sopen(?:="")?>\s*<summary\b[^>]*data-testid="withdrawal-open"/);
    expect(inputValue(html, 'name')).toBe('');
    expect(inputValue(html, 'email')).toBe('not-an-address');
    expect(inputValue(html, 'orderNumber')).toBe(DECLARATION.orderNumber);
    expect(inputValue(html, 'message')?.replace(/\r\n/g, '\n')).toBe('Passt leider nicht.\nDanke!');
    const text = textOf(html);
    expect(text).toContain('Dieses Feld ist erforderlich.');
    expect(text).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(html).not.toContain('data-testid="withdrawal-receipt"');
    expect(await withdrawals(app)).toHaveLength(0);
    expect(await receipts(app)).toHaveLength(0);

    const corrected = await postForm(app, PATH, DECLARATION);
    expect(corrected.status).toBe(303);
    expect(await withdrawals(app)).toHaveLength(1);
  });

  it('an order number with another address: the page again with the domain’s refusal and the address to write to', async () => {
    app = await startTestApp({ SITE_EMAIL: 'shop@sonnenkiste.example' });
    await storedOrders(app);
    const response = await postForm(app, PATH, { ...DECLARATION, email: 'someone.else@example.org' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="withdrawal-error"');
    const text = textOf(html);
    expect(text).toContain('Wir finden keine Bestellung mit dieser Bestellnummer und dieser E-Mail-Adresse.');
    expect(html).toContain('href="mailto:shop@sonnenkiste.example"');
    expect(inputValue(html, 'email')).toBe('someone.else@example.org');
    expect(inputValue(html, 'name')).toBe('Grace Hopper');
    expect(await withdrawals(app)).toHaveLength(0);
    expect(await receipts(app)).toHaveLength(0);
  });

  it('is refused (403) without the site as its Origin, and declares nothing', async () => {
    app = await startTestApp();
    await storedOrders(app);
    for (const origin of [null, 'https://evil.example']) {
      const response = await postForm(app, PATH, DECLARATION, origin);
      expect(response.status, String(origin)).toBe(403);
    }
    expect(await withdrawals(app)).toHaveLength(0);
    expect(await receipts(app)).toHaveLength(0);
  });
});

describe('the withdrawal form opened from "Meine Bestellungen" (`?order=`)', () => {
  it('comes with the order number filled in, in the server’s HTML; a malformed one is ignored', async () => {
    const target = await startTestApp();
    app = target;
    const prefilled = async (search: string) => {
      const response = await target.request(`${PATH}${search}`);
      expect(response.status, search).toBe(200);
      const html = await response.text();
      return { orderNumber: inputValue(html, 'orderNumber'), email: inputValue(html, 'email') };
    };
    expect(await prefilled(`?order=${ORDER_NUMBER}`)).toEqual({ orderNumber: ORDER_NUMBER, email: '' });
    // Read as the form reads it: spaces and case do not matter.
    expect((await prefilled(`?order=${encodeURIComponent(` ${ORDER_NUMBER.toLowerCase()}`)}`)).orderNumber).toBe(ORDER_NUMBER);
    expect((await prefilled(`?lang=en&order=${ORDER_NUMBER}`)).orderNumber).toBe(ORDER_NUMBER);
    for (const malformed of [
      'SB-2603-K7M2Q',
      'Bitte%20rufen%20Sie%200900%20an',
      `${ORDER_NUMBER}X`,
      `%22${ORDER_NUMBER}%22%3E%3Cscript%3E`,
      `${ORDER_NUMBER}&order=${OTHER_ORDER_NUMBER}`,
      'x'.repeat(500),
    ]) {
      const page = await prefilled(`?order=${malformed}`);
      expect(page.orderNumber, malformed).toBe('');
    }
    expect((await prefilled('')).orderNumber).toBe('');
  });

  it('a signed-in buyer’s address is not filled in (the order’s own may differ), with or without `?order=`', async () => {
    const target = await startTestApp();
    app = target;
    const buyer = await signedInUser(target);
    const page = async (search: string) => (await target.request(`${PATH}${search}`, { headers: { cookie: buyer.cookie } })).text();
    const linked = await page(`?order=${ORDER_NUMBER}`);
    expect(inputValue(linked, 'orderNumber')).toBe(ORDER_NUMBER);
    expect(inputValue(linked, 'email')).toBe('');
    const shared = await page('');
    expect(inputValue(shared, 'email')).toBe('');
    expect(shared).not.toContain(buyer.email);
  });

  it('what is posted wins over the address’s order number', async () => {
    app = await startTestApp();
    await storedOrders(app);
    const refused = await postForm(app, `${PATH}?order=${OTHER_ORDER_NUMBER}`, { ...DECLARATION, name: '' });
    expect(refused.status).toBe(200);
    expect(inputValue(await refused.text(), 'orderNumber')).toBe(DECLARATION.orderNumber);

    const response = await postForm(app, `${PATH}?order=${OTHER_ORDER_NUMBER}`, DECLARATION);
    expect(response.status).toBe(303);
    expect((await withdrawals(app)).map((withdrawal) => withdrawal.order_number)).toEqual([ORDER_NUMBER]);
  });
});
