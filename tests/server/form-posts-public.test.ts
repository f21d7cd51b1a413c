/**
 * The public forms without scripts (issue 19, ADR 033), over real HTTP: the contact form, the newsletter
 * sign-up, the unsubscribe button and the donation form post to their page; the server runs the same
 * procedure as the script path and answers 303 with the outcome, or the page again with the values typed
 * and the errors translated; a post without the site's Origin is refused.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_FORM_TOKEN_LIFETIME_MS, CONTACT_LIMITS, EMAIL_MAX_LENGTH } from '@shared/constants';
import { FORM_NAME_FIELD, NOTICE_COOKIE } from '@shared/forms';
import { tokenFromMail } from '../support/accounts';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { decodeEntities, pageFacts, textOf } from '../support/html';
import { trpcMutation } from '../support/http';
import { followRedirect, postForm, tagsOf } from '../support/form-posts';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** How long the person in these tests takes to fill in a form. */
const FILL_MS = 12_000;

/** The page's form labelled `label`: a plain post, and where to. */
function formOf(html: string, label: string) {
  return tagsOf(html, 'form').find((form) => form['aria-label'] === label);
}

/** The value of the input (or textarea) named `name` in a page's HTML, or null when it has none. */
function inputValue(html: string, name: string): string | null {
  const input = tagsOf(html, 'input').find((attributes) => attributes.name === name && attributes.type !== 'radio');
  if (input) return input.value ?? '';
  const textarea = new RegExp(`<textarea\\b[^>]*\\sname="${name}"[^>]*>([\\s\\S]*?)</textarea>`).exec(html);
  return textarea ? decodeEntities(textarea[1] ?? '') : null;
}

describe('the contact form without scripts', () => {
  const storedMessages = (target: TestApp) => target.db.selectFrom('contact_messages').selectAll().execute();

  /** /contact as the browser gets it, and the signed timestamp in its hidden field. */
  async function contactPage(target: TestApp) {
    const response = await target.request('/contact');
    const html = await response.text();
    return { response, html, token: inputValue(html, 'formToken') };
  }

  const VALID = {
    [FORM_NAME_FIELD]: 'contact',
    name: 'Ada Lovelace',
    email: 'ada@example.org',
    organization: '',
    inquiryType: 'corporate',
    subject: 'Partnerschaft',
    message: 'Guten Tag,\r\nwir möchten helfen.',
    website: '',
  };

  it('is rendered for each visitor with its own signed timestamp, indexed but never cached', async () => {
    app = await startTestApp();
    const first = await contactPage(app);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('cache-control')).toBe('private, no-store');
    expect(first.token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(pageFacts(first.html).robots).toBeNull();
    // A real form: posted to its page, every field named, ids that do not depend on the render.
    expect(formOf(first.html, 'Kontaktformular')).toMatchObject({ method: 'post', action: '/contact' });
    const fields = [...tagsOf(first.html, 'input'), ...tagsOf(first.html, 'select'), ...tagsOf(first.html, 'textarea')];
    for (const name of ['name', 'email', 'organization', 'inquiryType', 'subject', 'message', 'website']) {
      expect(fields.find((field) => field.name === name)?.id, name).toBe(`contact-${name}`);
    }
    app.clock.advance(1000);
    const second = await contactPage(app);
    expect(second.token).not.toBe(first.token);
  });

  it('sends the message: 303 back to the form, which thanks the sender; stored with both mails queued', async () => {
    app = await startTestApp({ CONTACT_INBOX: 'team@schoolbox.example' });
    const { token } = await contactPage(app);
    app.clock.advance(FILL_MS);
    const response = await postForm(app, '/contact', { ...VALID, formToken: token ?? '' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact#contact-form');
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${NOTICE_COOKIE}=contact.sent;`))).toBe(true);

    const [stored, ...more] = await storedMessages(app);
    expect(more).toHaveLength(0);
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      inquiry_type: 'corporate',
      message: 'Guten Tag,\nwir möchten helfen.',
    });
    const outbox = await app.db.selectFrom('outbox').select(['kind', 'to']).orderBy('kind').execute();
    expect(outbox).toEqual([
      { kind: 'contact_inbox', to: 'team@schoolbox.example' },
      { kind: 'contact_receipt', to: 'ada@example.org' },
    ]);

    const next = await followRedirect(app, response);
    expect(next.response.status).toBe(200);
    expect(next.html).toContain('data-testid="contact-sent"');
    expect(textOf(next.html)).toContain('Vielen Dank für Ihre Nachricht!');
  });

  it('sends a message filled to every limit in Chinese (URL-encoded, 9 bytes a character: over 64 KiB)', async () => {
    app = await startTestApp();
    const { token } = await contactPage(app);
    app.clock.advance(FILL_MS);
    const chinese = (length: number) => '我们学校希望合作'.repeat(Math.ceil(length / 8)).slice(0, length);
    const fields = {
      ...VALID,
      name: chinese(CONTACT_LIMITS.name),
      email: `${'a'.repeat(EMAIL_MAX_LENGTH - 12)}@example.org`,
      organization: chinese(CONTACT_LIMITS.organization),
      subject: chinese(CONTACT_LIMITS.subject),
      message: chinese(CONTACT_LIMITS.message),
      formToken: token ?? '',
    };
    expect(new URLSearchParams(fields).toString().length).toBeGreaterThan(64 * 1024);
    const response = await postForm(app, '/contact', fields);
    expect(response.status).toBe(303);
    expect((await storedMessages(app))[0]?.message).toBe(fields.message);
  });

  it('in English, answers in English (the language of the page it was posted from)', async () => {
    app = await startTestApp();
    const { token } = await contactPage(app);
    app.clock.advance(FILL_MS);
    const response = await postForm(app, '/contact?lang=en', { ...VALID, formToken: token ?? '' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact?lang=en#contact-form');
    expect((await storedMessages(app))[0]?.locale).toBe('en');
  });

  it('refused: the page again (200, no-store) with what was typed, the errors translated, the same token; nothing stored', async () => {
    app = await startTestApp();
    const { token } = await contactPage(app);
    app.clock.advance(FILL_MS);
    const response = await postForm(app, '/contact', { ...VALID, name: '', email: 'not-an-address', formToken: token ?? '' });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(inputValue(html, 'email')).toBe('not-an-address');
    expect(inputValue(html, 'subject')).toBe('Partnerschaft');
    expect(inputValue(html, 'message')?.replace(/\r\n/g, '\n')).toBe('Guten Tag,\nwir möchten helfen.');
    const text = textOf(html);
    expect(text).toContain('Dieses Feld ist erforderlich.');
    expect(text).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(html).not.toContain('data-testid="contact-sent"');
    // The fill time keeps running from when the form first showed: a quick correction is not a bot's.
    expect(inputValue(html, 'formToken')).toBe(token);
    expect(await storedMessages(app)).toHaveLength(0);

    const corrected = await postForm(app, '/contact', { ...VALID, formToken: inputValue(html, 'formToken') ?? '' });
    expect(corrected.status).toBe(303);
    expect(await storedMessages(app)).toHaveLength(1);
  });

  it('with a token past its lifetime: the page again saying so, with a new token that works', async () => {
    app = await startTestApp();
    const { token } = await contactPage(app);
    app.clock.advance(CONTACT_FORM_TOKEN_LIFETIME_MS + 1000);
    const response = await postForm(app, '/contact', { ...VALID, formToken: token ?? '' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textOf(html)).toContain('Das Formular ist abgelaufen. Bitte senden Sie Ihre Nachricht noch einmal.');
    expect(inputValue(html, 'name')).toBe('Ada Lovelace');
    const fresh = inputValue(html, 'formToken');
    expect(fresh).toMatch(/^\d+\./);
    expect(fresh).not.toBe(token);

    app.clock.advance(FILL_MS);
    expect((await postForm(app, '/contact', { ...VALID, formToken: fresh ?? '' })).status).toBe(303);
    expect(await storedMessages(app)).toHaveLength(1);
  });

  it('is refused (403) without the site as its Origin, and stores nothing', async () => {
    app = await startTestApp();
    const { token } = await contactPage(app);
    app.clock.advance(FILL_MS);
    for (const origin of [null, 'https://evil.example']) {
      const response = await postForm(app, '/contact', { ...VALID, formToken: token ?? '' }, origin);
      expect(response.status, String(origin)).toBe(403);
    }
    expect(await storedMessages(app)).toHaveLength(0);
  });
});

describe('the newsletter sign-up without scripts', () => {
  const subscriber = (target: TestApp, email: string) =>
    target.db.selectFrom('newsletter_subscribers').selectAll().where('email', '=', email).executeTakeFirst();

  it('posts to /blog: 303 back with the "check your mail" notice; the confirmation is mailed', async () => {
    app = await startTestApp();
    const page = await (await app.request('/blog')).text();
    expect(formOf(page, 'Newsletter abonnieren')).toMatchObject({ method: 'post', action: '/blog' });
    expect(page).toContain('id="newsletterSignup-email"');

    const response = await postForm(app, '/blog', { [FORM_NAME_FIELD]: 'newsletterSignup', email: 'Leser@Example.org' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/blog');
    expect(await subscriber(app, 'leser@example.org')).toMatchObject({ locale: 'de', confirmed_at: null });
    await app.outbox.runOnce();
    expect(app.sentMails.map((mail) => mail.to)).toEqual(['leser@example.org']);

    const next = await followRedirect(app, response);
    expect(textOf(next.html)).toContain(
      'Bitte bestätigen Sie Ihr Abonnement über den Link in der E-Mail, die wir Ihnen gerade geschickt haben.',
    );
  });

  it('refused: the page again with the address typed and the error translated; nothing stored', async () => {
    app = await startTestApp();
    const response = await postForm(app, '/blog', { [FORM_NAME_FIELD]: 'newsletterSignup', email: 'leser@' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(inputValue(html, 'email')).toBe('leser@');
    expect(textOf(html)).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein.');
    expect(await app.db.selectFrom('newsletter_subscribers').select('id').execute()).toHaveLength(0);
  });

  it('is refused (403) without the site as its Origin', async () => {
    app = await startTestApp();
    for (const origin of [null, 'https://evil.example']) {
      const response = await postForm(app, '/blog', { [FORM_NAME_FIELD]: 'newsletterSignup', email: 'leser@example.org' }, origin);
      expect(response.status, String(origin)).toBe(403);
    }
    expect(await subscriber(app, 'leser@example.org')).toBeUndefined();
  });
});

describe('the unsubscribe button without scripts', () => {
  /** A confirmed subscriber and the address of the unsubscribe page their newsletters link to. */
  async function confirmedSubscriber(target: TestApp) {
    await trpcMutation(target.url, 'newsletter.subscribe', { email: 'leser@example.org', locale: 'de' });
    await target.outbox.runOnce();
    await trpcMutation(target.url, 'newsletter.confirm', { token: tokenFromMail(target.sentMails[0]?.text ?? '', '/newsletter/confirm') });
    const row = await target.db.selectFrom('newsletter_subscribers').selectAll().executeTakeFirstOrThrow();
    return `/newsletter/unsubscribe?token=${row.unsubscribe_token}`;
  }
  const subscribers = (target: TestApp) => target.db.selectFrom('newsletter_subscribers').select('id').execute();

  it('takes the address off the list: 303 back to the page, which says so', async () => {
    app = await startTestApp();
    const path = await confirmedSubscriber(app);
    const page = await (await app.request(path)).text();
    expect(formOf(page, 'Newsletter abbestellen')).toMatchObject({ method: 'post', action: path });

    const response = await postForm(app, path, { [FORM_NAME_FIELD]: 'unsubscribe' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(path);
    expect(await subscribers(app)).toHaveLength(0);
    const next = await followRedirect(app, response);
    expect(textOf(next.html)).toContain('Sie erhalten keinen Newsletter mehr von uns.');
  });

  it('with a dead link: the page again saying the link is invalid; nobody leaves the list', async () => {
    app = await startTestApp();
    await confirmedSubscriber(app);
    const response = await postForm(app, `/newsletter/unsubscribe?token=${'a'.repeat(32)}`, { [FORM_NAME_FIELD]: 'unsubscribe' });
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain('Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.');
    expect(await subscribers(app)).toHaveLength(1);
  });

  it('is refused (403) without the site as its Origin', async () => {
    app = await startTestApp();
    const path = await confirmedSubscriber(app);
    expect((await postForm(app, path, { [FORM_NAME_FIELD]: 'unsubscribe' }, 'https://evil.example')).status).toBe(403);
    expect((await postForm(app, path, { [FORM_NAME_FIELD]: 'unsubscribe' }, null)).status).toBe(403);
    expect(await subscribers(app)).toHaveLength(1);
  });
});

describe('the donation form without scripts', () => {
  let fake: FakeStripe;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(() => fake.close());

  const startWithStripe = () =>
    startTestApp({
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
  const donations = (target: TestApp) => target.db.selectFrom('donations').selectAll().execute();
  const DONATION = { [FORM_NAME_FIELD]: 'donation', amount: '25,50', mode: 'monthly', name: 'Grace Hopper', email: 'grace@example.org' };

  it('goes straight on to the Checkout page donations.start made (303 to Stripe), amount and mode as chosen', async () => {
    fake.reset();
    app = await startWithStripe();
    const page = await (await app.request('/spenden')).text();
    expect(formOf(page, 'Spendenformular')).toMatchObject({ method: 'post', action: '/spenden' });
    for (const name of ['amount', 'name', 'email'])
      expect(tagsOf(page, 'input').find((input) => input.name === name)?.id, name).toBe(`donation-${name}`);
    expect(
      tagsOf(page, 'input')
        .filter((input) => input.name === 'mode')
        .map((input) => input.value),
    ).toEqual(['one_time', 'monthly']);

    const response = await postForm(app, '/spenden', DONATION);
    expect(response.status).toBe(303);
    const location = response.headers.get('location');
    const session = fake.sessions().find((candidate) => candidate.url === location);
    expect(session, String(location)).toBeDefined();
    const [donation, ...more] = await donations(app);
    expect(more).toHaveLength(0);
    expect(donation).toMatchObject({ amount_cents: 2550, mode: 'monthly', donor_email: 'grace@example.org', donor_name: 'Grace Hopper' });
  });

  it('refused: the page again with the amount, name, e-mail and mode chosen, and the error translated; no session', async () => {
    fake.reset();
    app = await startWithStripe();
    const response = await postForm(app, '/spenden', { ...DONATION, amount: '2' });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textOf(html)).toContain('Der Mindestbetrag ist 5,00');
    expect(inputValue(html, 'amount')).toBe('2');
    expect(inputValue(html, 'name')).toBe('Grace Hopper');
    expect(inputValue(html, 'email')).toBe('grace@example.org');
    expect(tagsOf(html, 'input').find((input) => input.name === 'mode' && 'checked' in input)?.value).toBe('monthly');
    expect(fake.sessions()).toHaveLength(0);
    expect(await donations(app)).toHaveLength(0);
  });

  it('a preset chosen without scripts is the amount when none was typed; a typed amount wins over it', async () => {
    fake.reset();
    app = await startWithStripe();
    const page = await (await app.request('/spenden')).text();
    expect(
      tagsOf(page, 'input')
        .filter((input) => input.name === 'preset' && input.type === 'radio')
        .map((input) => input.value),
    ).toEqual(['2500', '10000', '50000', '250000']);

    expect((await postForm(app, '/spenden', { ...DONATION, amount: '', preset: '10000' })).status).toBe(303);
    expect((await postForm(app, '/spenden', { ...DONATION, amount: '30', preset: '10000' })).status).toBe(303);
    expect((await donations(app)).map((donation) => donation.amount_cents).sort((a, b) => a - b)).toEqual([3000, 10000]);
  });

  it('refused with a preset: the page again with that preset chosen and its amount; a preset that is none is no amount', async () => {
    fake.reset();
    app = await startWithStripe();
    const html = await (await postForm(app, '/spenden', { ...DONATION, amount: '', preset: '50000', email: 'not-an-address' })).text();
    expect(inputValue(html, 'amount')).toBe('500');
    expect(tagsOf(html, 'input').find((input) => input.name === 'preset' && 'checked' in input)?.value).toBe('50000');

    const forged = await postForm(app, '/spenden', { ...DONATION, amount: '', preset: '1' });
    expect(forged.status).toBe(200);
    expect(inputValue(await forged.text(), 'amount')).toBe('');
    expect(fake.sessions()).toHaveLength(0);
  });

  it('is refused (403) without the site as its Origin', async () => {
    fake.reset();
    app = await startWithStripe();
    expect((await postForm(app, '/spenden', DONATION, 'https://evil.example')).status).toBe(403);
    expect((await postForm(app, '/spenden', DONATION, null)).status).toBe(403);
    expect(fake.sessions()).toHaveLength(0);
  });
});
