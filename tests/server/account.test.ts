/**
 * The visitor's data rights at /account (issue 17 point 5, ADR 028), over real HTTP: change the name,
 * the password (current one required, other sessions end) and the e-mail address (only once the link
 * mailed to the new address is opened); download one's own data and no one else's; delete the account
 * (sessions, tokens and the user go, orders stay detached); the last admin cannot leave.
 */
import { insertStoredOrder } from '../support/orders';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '@server/lib/ids';
import { totpCode, totpStep } from '@server/two-factor/totp';
import { formatCents } from '@shared/money';
import { spendRecoveryCode } from '@server/two-factor/recovery-codes';
import { normalizeRecoveryCode } from '@shared/schemas/two-factor';
import { createUser, sessionCookie, sessionCookieFrom, signIn, signedInUser, tokenFromMail } from '../support/accounts';
import { textOf } from '../support/html';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
beforeEach(async () => {
  app = await startTestApp({ CONTACT_INBOX: 'team@schoolbox.example' });
});
afterEach(() => app.close());

const NEW_PASSWORD = 'a brand new secret';

async function sessionUser(cookie: string) {
  const { body } = await trpcQuery(app.url, 'auth.session', undefined, { cookie });
  return body.result?.data as { id: string; email: string; firstName: string; lastName: string } | null;
}

async function sentMails() {
  await app.outbox.runOnce();
  return app.sentMails;
}

async function userRow(id: string) {
  return app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An order placed by `userId`, written as checkout writes it. */
function insertOrder(userId: string, orderNumber: string, email: string) {
  return insertStoredOrder(
    app.db,
    { id: newId(), order_number: orderNumber, user_id: userId, email, created_at: app.clock.now().toISOString() },
    { id: newId(), name: `T-Shirt ${orderNumber}` },
  );
}

/** A contact message sent through the form, with the sender's cookie when given. */
async function sendContactMessage(cookie: string | undefined, fields: { name: string; email: string; message: string }) {
  const token = (await trpcQuery(app.url, 'contact.formToken', undefined, cookie ? { cookie } : {})).body.result?.data as { token: string };
  app.clock.advance(12_000);
  const response = await trpcMutation(
    app.url,
    'contact.send',
    { ...fields, organization: '', inquiryType: 'general', subject: 'Eine Frage', locale: 'de', website: '', formToken: token.token },
    cookie ? { cookie } : {},
  );
  expect(response.status).toBe(200);
}

describe('unauthenticated calls', () => {
  it.each([
    ['account.changeName', { firstName: 'A', lastName: 'B' }],
    ['account.changePassword', { currentPassword: 'x', newPassword: NEW_PASSWORD }],
    ['account.requestEmailChange', { newEmail: 'new@example.org', currentPassword: 'x', locale: 'de' }],
    ['account.deleteAccount', { currentPassword: 'x', confirm: true }],
  ])('%s is refused without a session', async (path, input) => {
    const { status, body } = await trpcMutation(app.url, path, input);
    expect(status).toBe(401);
    expect(body.error?.data.appCode).toBe('UNAUTHENTICATED');
  });

  it('the data export answers 401 without a session, and with a cookie of no session', async () => {
    await createUser(app);
    for (const headers of [{}, { cookie: 'schoolbox_session=abc.def' }] as Record<string, string>[]) {
      const response = await app.request('/api/account/export', { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('content-disposition')).toBeNull();
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect(await response.text()).not.toContain('@example.org');
    }
  });
});

describe('change name', () => {
  it('saves the new name (same limits as sign-up) and the session shows it', async () => {
    const { user, cookie } = await signedInUser(app, { firstName: 'Ada', lastName: 'Lovelace' });
    const { status, body } = await trpcMutation(app.url, 'account.changeName', { firstName: ' Ada ', lastName: 'King' }, { cookie });
    expect(status).toBe(200);
    expect(body.result?.data).toMatchObject({ id: user.id, firstName: 'Ada', lastName: 'King' });
    expect(await userRow(user.id)).toMatchObject({ first_name: 'Ada', last_name: 'King' });
    expect(await sessionUser(cookie)).toMatchObject({ firstName: 'Ada', lastName: 'King' });

    const refused = await trpcMutation(app.url, 'account.changeName', { firstName: '', lastName: 'x'.repeat(101) }, { cookie });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error?.data.fieldErrors ?? {}).sort()).toEqual(['firstName', 'lastName']);
    expect(await userRow(user.id)).toMatchObject({ first_name: 'Ada', last_name: 'King' });
  });
});

describe('change password', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const { user, email, password } = await createUser(app);
    const here = await signIn(app, email, password);
    const elsewhere = await signIn(app, email, password);
    const before = await userRow(user.id);

    const { status, body } = await trpcMutation(
      app.url,
      'account.changePassword',
      { currentPassword: 'not the password', newPassword: NEW_PASSWORD },
      { cookie: here },
    );
    expect(status).toBe(400);
    expect(body.error?.data.appCode).toBe('WRONG_PASSWORD');
    expect((await userRow(user.id))?.password_hash).toBe(before?.password_hash);
    expect(await sessionUser(elsewhere)).toMatchObject({ id: user.id });
    await signIn(app, email, password);
    expect((await trpcMutation(app.url, 'auth.signIn', { email, password: NEW_PASSWORD })).status).toBe(401);
  });

  it('refuses a new password shorter than sign-up allows', async () => {
    const { password, cookie } = await signedInUser(app);
    const { status, body } = await trpcMutation(
      app.url,
      'account.changePassword',
      { currentPassword: password, newPassword: '12345' },
      { cookie },
    );
    expect(status).toBe(400);
    expect(Object.keys(body.error?.data.fieldErrors ?? {})).toEqual(['newPassword']);
  });

  it('sets the new password, ends the other sessions and keeps this one', async () => {
    const { user, email, password } = await createUser(app);
    const here = await signIn(app, email, password);
    const elsewhere = await signIn(app, email, password);
    // A reset link mailed before the change must not work after it.
    await trpcMutation(app.url, 'auth.requestPasswordReset', { email, locale: 'de' });
    const resetToken = tokenFromMail((await sentMails()).at(-1)?.text ?? '', '/auth/reset');

    const { status } = await trpcMutation(
      app.url,
      'account.changePassword',
      { currentPassword: password, newPassword: NEW_PASSWORD },
      { cookie: here },
    );
    expect(status).toBe(200);
    expect(await sessionUser(here)).toMatchObject({ id: user.id });
    expect(await sessionUser(elsewhere)).toBeNull();
    expect(await app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);

    expect((await trpcMutation(app.url, 'auth.signIn', { email, password })).status).toBe(401);
    await signIn(app, email, NEW_PASSWORD);
    const reset = await trpcMutation(app.url, 'auth.resetPassword', { token: resetToken, password: 'attacker password' });
    expect(reset.body.error?.data.appCode).toBe('TOKEN_INVALID');
  });
});

describe('change e-mail', () => {
  it('takes effect only when the link mailed to the new address is opened', async () => {
    const { user, email, password } = await createUser(app, { firstName: 'Ada' });
    const cookie = await signIn(app, email, password);

    const { status } = await trpcMutation(
      app.url,
      'account.requestEmailChange',
      { newEmail: ' Ada.New@Example.org', currentPassword: password, locale: 'de' },
      { cookie },
    );
    expect(status).toBe(200);
    const mails = await sentMails();
    const toNew = mails.find((mail) => mail.to === 'ada.new@example.org');
    const toOld = mails.find((mail) => mail.to === email);
    expect(toNew?.subject).toBe('Bitte bestätigen Sie Ihre neue E-Mail-Adresse');
    expect(toOld?.subject).toBe('Änderung Ihrer E-Mail-Adresse angefordert');
    const token = tokenFromMail(toNew?.text ?? '', '/account/email');
    // The old address is told, without the new address and without the link.
    expect(toOld).toBeDefined();
    expect(toOld?.text).not.toContain('ada.new@example.org');
    expect(toOld?.text).not.toContain(token);
    expect(await app.db.selectFrom('outbox').select('priority').where('kind', '=', 'email_change').executeTakeFirst()).toEqual({
      priority: 0,
    });

    // Before the link: nothing changed.
    expect((await userRow(user.id))?.email).toBe(email);
    await signIn(app, email, password);
    expect((await trpcMutation(app.url, 'auth.signIn', { email: 'ada.new@example.org', password })).status).toBe(401);

    // The link works without a session (another device) and only once.
    expect((await trpcMutation(app.url, 'account.confirmEmailChange', { token })).status).toBe(200);
    expect((await userRow(user.id))?.email).toBe('ada.new@example.org');
    expect(await sessionUser(cookie)).toMatchObject({ email: 'ada.new@example.org' });
    await signIn(app, 'ada.new@example.org', password);
    expect((await trpcMutation(app.url, 'auth.signIn', { email, password })).status).toBe(401);
    const again = await trpcMutation(app.url, 'account.confirmEmailChange', { token });
    expect(again.body.error?.data.appCode).toBe('TOKEN_INVALID');
  });

  it('refuses a wrong password and an address another account uses, and mails nothing', async () => {
    const { email, password, cookie } = await signedInUser(app);
    const other = await createUser(app);
    const wrong = await trpcMutation(
      app.url,
      'account.requestEmailChange',
      { newEmail: 'free@example.org', currentPassword: 'wrong', locale: 'de' },
      { cookie },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.data.appCode).toBe('WRONG_PASSWORD');
    for (const newEmail of [other.email.toUpperCase(), email]) {
      const taken = await trpcMutation(
        app.url,
        'account.requestEmailChange',
        { newEmail, currentPassword: password, locale: 'de' },
        { cookie },
      );
      expect(taken.status).toBe(409);
      expect(taken.body.error?.data.appCode).toBe('EMAIL_TAKEN');
    }
    expect(await sentMails()).toHaveLength(0);
    expect(await app.db.selectFrom('email_tokens').select('id').execute()).toHaveLength(0);
  });

  /** A change asked for by whoever had the password: its link goes to their own mailbox. */
  async function pendingChange(cookie: string, password: string, newEmail: string): Promise<string> {
    await trpcMutation(app.url, 'account.requestEmailChange', { newEmail, currentPassword: password, locale: 'de' }, { cookie });
    return tokenFromMail((await sentMails()).find((mail) => mail.to === newEmail)?.text ?? '', '/account/email');
  }

  it('the link of a change dies when the owner resets the password, as the notice to the old address advises', async () => {
    const { user, email, password, cookie } = await signedInUser(app);
    const token = await pendingChange(cookie, password, 'intruder@example.org');
    await trpcMutation(app.url, 'auth.requestPasswordReset', { email, locale: 'de' });
    const resetMail = (await sentMails()).findLast((mail) => mail.to === email && mail.text.includes('/auth/reset'));
    const reset = await trpcMutation(app.url, 'auth.resetPassword', {
      token: tokenFromMail(resetMail?.text ?? '', '/auth/reset'),
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);

    const late = await trpcMutation(app.url, 'account.confirmEmailChange', { token });
    expect(late.body.error?.data.appCode).toBe('TOKEN_INVALID');
    expect((await userRow(user.id))?.email).toBe(email);
    await signIn(app, email, NEW_PASSWORD);
  });

  it('the link of a change dies when the owner changes the password on /account', async () => {
    const { user, email, password, cookie } = await signedInUser(app);
    const token = await pendingChange(cookie, password, 'intruder@example.org');
    const changed = await trpcMutation(
      app.url,
      'account.changePassword',
      { currentPassword: password, newPassword: NEW_PASSWORD },
      { cookie },
    );
    expect(changed.status).toBe(200);

    const late = await trpcMutation(app.url, 'account.confirmEmailChange', { token });
    expect(late.body.error?.data.appCode).toBe('TOKEN_INVALID');
    expect((await userRow(user.id))?.email).toBe(email);
    expect(await sessionUser(cookie)).toMatchObject({ email });
  });

  it('refuses at confirmation an address that another account took in the meantime', async () => {
    const { user, email, password, cookie } = await signedInUser(app);
    await trpcMutation(
      app.url,
      'account.requestEmailChange',
      { newEmail: 'wanted@example.org', currentPassword: password, locale: 'de' },
      { cookie },
    );
    const token = tokenFromMail((await sentMails()).find((mail) => mail.to === 'wanted@example.org')?.text ?? '', '/account/email');
    await createUser(app, { email: 'wanted@example.org' });

    const { status, body } = await trpcMutation(app.url, 'account.confirmEmailChange', { token });
    expect(status).toBe(409);
    expect(body.error?.data.appCode).toBe('EMAIL_TAKEN');
    expect((await userRow(user.id))?.email).toBe(email);
  });
});

describe('download my data', () => {
  it("is one private JSON file with the user's account, orders, messages and newsletter record, and nothing of anyone else's", async () => {
    const ada = await signedInUser(app, { firstName: 'Ada', lastName: 'Lovelace', admin: true });
    const bob = await signedInUser(app, { firstName: 'Bob', lastName: 'Builder' });
    const adaOrder = await insertOrder(ada.user.id, 'SB-260302-ADA01', ada.email);
    const bobOrder = await insertOrder(bob.user.id, 'SB-260302-BOB01', bob.email);
    for (const [orderId, orderNumber, who] of [
      [adaOrder, 'SB-260302-ADA01', ada],
      [bobOrder, 'SB-260302-BOB01', bob],
    ] as const) {
      await app.db
        .insertInto('withdrawals')
        .values({
          id: newId(),
          order_id: orderId,
          order_number: orderNumber,
          name: who.user.first_name,
          email: who.email,
          message: `Withdrawal of ${who.user.first_name}`,
          locale: 'de',
          created_at: app.clock.now().toISOString(),
        })
        .execute();
    }
    await sendContactMessage(ada.cookie, { name: 'Ada Lovelace', email: ada.email, message: 'Ada asks about the solar panels.' });
    await sendContactMessage(bob.cookie, { name: 'Bob Builder', email: bob.email, message: 'Bob asks about the container.' });
    // Signed out, with Ada's address: not hers to download (anyone can type any address).
    await sendContactMessage(undefined, { name: 'Someone', email: ada.email, message: 'Sent while signed out.' });
    for (const who of [ada, bob]) {
      expect((await trpcMutation(app.url, 'newsletter.subscribe', { email: who.email, locale: 'de' })).status).toBe(200);
    }

    const response = await app.request('/api/account/export', { headers: { cookie: ada.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="schoolbox-data-2026-03-02.json"');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const text = await response.text();
    const data = JSON.parse(text);

    expect(data.account).toMatchObject({ id: ada.user.id, email: ada.email, firstName: 'Ada', lastName: 'Lovelace' });
    expect(data.roles).toEqual([expect.objectContaining({ role: 'admin' })]);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0]).toMatchObject({ orderNumber: 'SB-260302-ADA01', totalCents: 2999, city: 'Köln' });
    expect(data.orders[0].items).toEqual([expect.objectContaining({ name: 'T-Shirt SB-260302-ADA01', quantity: 1 })]);
    expect(data.orders[0].withdrawal).toMatchObject({ message: 'Withdrawal of Ada', email: ada.email });
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: 'Ada asks about the solar panels.', email: ada.email })]);
    expect(data.newsletter.subscription).toMatchObject({ email: ada.email, status: 'pending' });
    expect(data.newsletter.consentRecords).toHaveLength(1);
    expect(data.newsletter.consentRecords[0]).toMatchObject({ email: ada.email, locale: 'de' });
    expect(data.newsletter.consentRecords[0].consentText.length).toBeGreaterThan(10);

    // Nothing of Bob's, no secrets, no message sent while signed out.
    for (const foreign of [
      bob.email,
      bob.user.id,
      'SB-260302-BOB01',
      'Bob asks',
      'Withdrawal of Bob',
      'Sent while signed out',
      '$argon2',
      ada.user.password_hash,
    ]) {
      expect(text).not.toContain(foreign);
    }
  });
});

describe('download my data: donations', () => {
  /** A donation given with `email`, and one payment that arrived for it. */
  async function insertDonation(id: string, email: string) {
    const at = app.clock.now().toISOString();
    await app.db
      .insertInto('donations')
      .values({
        id,
        mode: 'monthly',
        amount_cents: 2500,
        currency: 'eur',
        status: 'active',
        donor_email: email,
        donor_name: `Donor ${id}`,
        locale: 'de',
        stripe_session_id: `cs_${id}`,
        stripe_customer_id: `cus_${id}`,
        stripe_subscription_id: `sub_${id}`,
        stripe_payment_intent_id: null,
        created_at: at,
        updated_at: at,
        confirmed_at: at,
        receipt_name: `Receipt ${id}`,
        receipt_line1: 'Musterstraße 1',
        receipt_postal_code: '50667',
        receipt_city: 'Köln',
        receipt_country: 'DE',
      })
      .execute();
    await app.db
      .insertInto('donation_payments')
      .values({
        id: `${id}-pay`,
        donation_id: id,
        amount_cents: 2500,
        currency: 'eur',
        status: 'paid',
        stripe_invoice_id: `in_${id}`,
        stripe_payment_intent_id: `pi_${id}`,
        stripe_charge_id: `ch_${id}`,
        paid_at: at,
        created_at: at,
      })
      .execute();
  }
  async function exported(cookie: string) {
    const response = await app.request('/api/account/export', { headers: { cookie } });
    expect(response.status).toBe(200);
    const text = await response.text();
    return { text, data: JSON.parse(text) };
  }

  it("holds the donations given with the account's confirmed address (in any case) and their payments, no one else's", async () => {
    const ada = await signedInUser(app);
    const bob = await signedInUser(app);
    await insertDonation('ada-gift', ada.email.toUpperCase());
    await insertDonation('bob-gift', bob.email);

    const { text, data } = await exported(ada.cookie);
    expect(data.donations).toEqual([
      expect.objectContaining({
        mode: 'monthly',
        status: 'active',
        amountCents: 2500,
        email: ada.email.toUpperCase(),
        name: 'Donor ada-gift',
        // The formal receipt's name and address Stripe passed on (above the simplified-receipt limit).
        receiptAddress: {
          name: 'Receipt ada-gift',
          line1: 'Musterstraße 1',
          line2: null,
          postalCode: '50667',
          city: 'Köln',
          country: 'DE',
        },
        stripeSubscriptionId: 'sub_ada-gift',
        payments: [expect.objectContaining({ status: 'paid', amountCents: 2500, stripeInvoiceId: 'in_ada-gift' })],
      }),
    ]);
    expect(text).not.toContain('bob-gift');
    expect(text).not.toContain(bob.email);
  });

  it('holds none for an address the account has not confirmed (anyone can sign up with any address)', async () => {
    const { user } = await createUser(app, { verified: false });
    await insertDonation('their-gift', user.email);
    const { data } = await exported(await sessionCookie(app, user.id));
    expect(data.donations).toEqual([]);
  });
});

describe('download my data: two-factor sign-in', () => {
  async function exported(cookie: string) {
    const response = await app.request('/api/account/export', { headers: { cookie } });
    expect(response.status).toBe(200);
    const text = await response.text();
    return { text, twoFactor: JSON.parse(text).twoFactor };
  }

  it('says whether it is on, since when, and how many recovery codes are left, never the secret or the codes', async () => {
    const ada = await signedInUser(app, { admin: true });
    expect((await exported(ada.cookie)).twoFactor).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    // A setup waiting for its first code is not on yet.
    const setup = await trpcMutation(app.url, 'account.twoFactor.startSetup', undefined, { cookie: ada.cookie });
    const { secret } = (setup.body.result?.data ?? { secret: '' }) as { secret: string };
    expect((await exported(ada.cookie)).twoFactor).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });

    // The code an authenticator app shows at the test clock's moment.
    const code = totpCode(secret, totpStep(app.clock.now()));
    const enabledAt = app.clock.now().toISOString();
    const confirmed = await trpcMutation(
      app.url,
      'account.twoFactor.confirmSetup',
      { code, currentPassword: ada.password },
      { cookie: ada.cookie },
    );
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = (confirmed.body.result?.data ?? { recoveryCodes: [] }) as { recoveryCodes: string[] };
    app.clock.advance(60_000);
    expect(await spendRecoveryCode(app.db, ada.user.id, normalizeRecoveryCode(recoveryCodes[0] as string), app.clock.now())).toBe(true);

    const { text, twoFactor } = await exported(ada.cookie);
    expect(twoFactor).toEqual({ enabled: true, enabledAt, recoveryCodesLeft: 9 });
    const hashes = await app.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', ada.user.id).execute();
    expect(hashes).toHaveLength(10);
    for (const hidden of [secret, ...recoveryCodes, ...recoveryCodes.map(normalizeRecoveryCode), ...hashes.map((row) => row.code_hash)]) {
      expect(text).not.toContain(hidden);
    }
  });
});

describe('delete my account', () => {
  it('asks for the password and the confirmation, and refuses without them', async () => {
    const { user, password, cookie } = await signedInUser(app);
    const wrong = await trpcMutation(app.url, 'account.deleteAccount', { currentPassword: 'wrong', confirm: true }, { cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.data.appCode).toBe('WRONG_PASSWORD');
    const unconfirmed = await trpcMutation(app.url, 'account.deleteAccount', { currentPassword: password, confirm: false }, { cookie });
    expect(unconfirmed.status).toBe(400);
    expect(Object.keys(unconfirmed.body.error?.data.fieldErrors ?? {})).toEqual(['confirm']);
    expect(await userRow(user.id)).toBeDefined();
    expect(await sessionUser(cookie)).toMatchObject({ id: user.id });
  });

  it('ends every session, removes the user and the tokens, and keeps the orders detached', async () => {
    const { user, email, password } = await createUser(app);
    const here = await signIn(app, email, password);
    const elsewhere = await signIn(app, email, password);
    const orderId = await insertOrder(user.id, 'SB-260302-DEL01', email);
    await sendContactMessage(here, { name: 'Ada', email, message: 'Hello from my account.' });
    await trpcMutation(app.url, 'auth.requestPasswordReset', { email, locale: 'de' });
    expect(await app.db.selectFrom('email_tokens').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);

    const response = await trpcMutation(app.url, 'account.deleteAccount', { currentPassword: password, confirm: true }, { cookie: here });
    expect(response.status).toBe(200);
    // The browser's cookie is removed.
    expect(response.headers.getSetCookie().join('\n')).toMatch(/schoolbox_session=;.*Max-Age=0/);
    expect(sessionCookieFrom(response.headers)).toBeNull();

    for (const cookie of [here, elsewhere]) {
      expect(await sessionUser(cookie)).toBeNull();
      const call = await trpcMutation(app.url, 'account.changeName', { firstName: 'A', lastName: 'B' }, { cookie });
      expect(call.status).toBe(401);
      expect((await app.request('/api/account/export', { headers: { cookie } })).status).toBe(401);
    }
    expect(await userRow(user.id)).toBeUndefined();
    expect(await app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    expect(await app.db.selectFrom('email_tokens').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    const order = await app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ user_id: null, order_number: 'SB-260302-DEL01' });
    expect(await app.db.selectFrom('order_items').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
    const message = await app.db.selectFrom('contact_messages').selectAll().executeTakeFirstOrThrow();
    expect(message.user_id).toBeNull();
    expect((await trpcMutation(app.url, 'auth.signIn', { email, password })).status).toBe(401);
  });

  it('the last admin cannot delete their account; with a second admin they can', async () => {
    const admin = await signedInUser(app, { admin: true });
    await createUser(app); // a user without the role does not count
    const refused = await trpcMutation(
      app.url,
      'account.deleteAccount',
      { currentPassword: admin.password, confirm: true },
      { cookie: admin.cookie },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error?.data.appCode).toBe('LAST_ADMIN');
    expect(await userRow(admin.user.id)).toBeDefined();
    expect(await sessionUser(admin.cookie)).toMatchObject({ id: admin.user.id });

    await createUser(app, { admin: true });
    const allowed = await trpcMutation(
      app.url,
      'account.deleteAccount',
      { currentPassword: admin.password, confirm: true },
      { cookie: admin.cookie },
    );
    expect(allowed.status).toBe(200);
    expect(await userRow(admin.user.id)).toBeUndefined();
    expect(await app.db.selectFrom('user_roles').select('user_id').execute()).toHaveLength(1);
  });
});

describe('the /account page', () => {
  it('sends a visitor without a session to sign in, and comes back after', async () => {
    const response = await app.request('/account', { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/auth?redirect=${encodeURIComponent('/account')}`);
  });

  it('is rendered on the server for a signed-in user: every section, the export link, the order retention, the menu link', async () => {
    const { email, cookie } = await signedInUser(app, { firstName: 'Ada' });
    const response = await app.request('/account', { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const html = await response.text();
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).toContain('Mein Konto');
    expect(html).toContain(email);
    for (const id of ['name', 'password', 'email', 'data', 'delete']) expect(html).toContain(`id="${id}-title"`);
    expect(html).toMatch(/href="\/api\/account\/export"[^>]*download/);
    expect(html).toContain(`(${app.config.retention.orderYears} Jahre)`);
    // The export's description names what it holds, donations included.
    expect(html).toContain('Ihren Bestellungen, Ihren Spenden, Ihrem Newsletter-Abonnement');
    // What stays after the deletion besides the orders: donations (tax law; a monthly one keeps running
    // until ended through its thank-you mail's link) and contact messages (detached, deleted after their period).
    const deletion = textOf(/<section[^>]*id="delete"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '');
    expect(deletion).toContain('Spenden, die Sie über unser Spendenformular gegeben haben');
    expect(deletion).toContain(
      `solange das Steuerrecht es verlangt (${app.config.retention.orderYears} Jahre). Eine monatliche Spende läuft weiter`,
    );
    expect(deletion).toContain('über den Link in Ihrer letzten Dankes-E-Mail');
    expect(deletion).toContain(`bis sie ${app.config.retention.contactDays} Tage nach dem Absenden automatisch gelöscht werden`);
    expect(html).toMatch(/href="\/account"/);
  });

  it("lists the user's own orders (number, Berlin date, status in words, lines, total, withdrawal link) and no one else's", async () => {
    const ada = await signedInUser(app, { firstName: 'Ada' });
    const bob = await signedInUser(app, { firstName: 'Bob' });
    // 23:30 UTC on 1 March is 00:30 on 2 March in Berlin.
    await insertStoredOrder(
      app.db,
      {
        id: newId(),
        order_number: 'SB-260302-ADA01',
        user_id: ada.user.id,
        email: ada.email,
        created_at: '2026-03-01T23:30:00.000Z',
        status: 'confirmed',
        subtotal_cents: 5000,
        total_cents: 5499,
      },
      { id: newId(), name: 'SchoolBox Tee', color: 'Black', size: 'M', quantity: 2 },
    );
    const withdrawnId = await insertStoredOrder(app.db, {
      id: newId(),
      order_number: 'SB-260301-ADA02',
      user_id: ada.user.id,
      email: ada.email,
      created_at: '2026-03-01T10:00:00.000Z',
    });
    await app.db
      .insertInto('withdrawals')
      .values({
        id: newId(),
        order_id: withdrawnId,
        order_number: 'SB-260301-ADA02',
        name: 'Ada',
        email: ada.email,
        message: null,
        locale: 'de',
        created_at: '2026-03-02T10:00:00.000Z',
      })
      .execute();
    await insertOrder(bob.user.id, 'SB-260302-BOB01', bob.email);

    const html = (await (await app.request('/account', { headers: { cookie: ada.cookie } })).text()).replace(/<!-- -->/g, '');
    const section = /<section[^>]*id="orders"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(section).toContain('id="orders-title"');
    expect(section).toContain('Meine Bestellungen');
    // Newest first.
    expect(section.indexOf('Bestellung SB-260302-ADA01')).toBeGreaterThan(-1);
    expect(section.indexOf('Bestellung SB-260302-ADA01')).toBeLessThan(section.indexOf('Bestellung SB-260301-ADA02'));
    expect(section).toContain('Bestellt am 2. März 2026');
    expect(section).toContain('Bezahlt – in Produktion');
    expect(section).toContain('2 × SchoolBox Tee');
    expect(section).toContain('(Black, M)');
    expect(section).toContain(`Gesamt: ${formatCents(5499)}`);
    expect(section).toContain('Widerrufen');
    // Only the order that stands can be withdrawn.
    // The link fills in the order's number on the form.
    expect(section.match(/href="\/widerruf\/erklaeren[?"]/g)).toHaveLength(1);
    expect(section).toContain('href="/widerruf/erklaeren?order=SB-260302-ADA01"');
    expect(section).toContain('Bestellung SB-260302-ADA01 widerrufen');
    expect(section).not.toContain('Bestellung SB-260301-ADA02 widerrufen');
    expect(html).not.toContain('SB-260302-BOB01');
    expect(html).not.toContain('Sie haben noch nichts bestellt.');

    // Someone without orders is told so, with the way to the shop.
    const carol = await signedInUser(app, { firstName: 'Carol' });
    const empty = (await (await app.request('/account', { headers: { cookie: carol.cookie } })).text()).replace(/<!-- -->/g, '');
    expect(empty).toContain('Sie haben noch nichts bestellt.');
    expect(empty).toMatch(/href="\/shop"[^>]*>Zum Shop</);
    expect(empty).not.toContain('SB-2603');
  });
});
