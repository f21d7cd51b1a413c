/**
 * Two-factor sign-in (issue 21 point 3, ADR 041), over real HTTP: set up from /account (QR code as SVG,
 * the secret), turned on with a code the test computes itself from the secret and the test's clock;
 * sign-in then asks for a code (a wrong one and a replayed one refused, wrong ones rate-limited per
 * account, a recovery code works once), with and without scripts; ADMIN_2FA_REQUIRED keeps admin
 * procedures closed until it is set up; the operator's reset; the audit trail.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashSecret } from '@server/auth/random-token';
import { createSession } from '@server/auth/session';
import { lockRow } from '@server/db/row-lock';
import { RECOVERY_CODE_COUNT, replaceRecoveryCodes } from '@server/two-factor/recovery-codes';
import { resetTwoFactor } from '@server/two-factor/reset';
import { normalizeRecoveryCode } from '@shared/schemas/two-factor';
import { TOTP_DIGITS, totpCode, totpStep } from '@server/two-factor/totp';
import { createUser, sessionCookie, sessionCookieFrom } from '../support/accounts';
import { decodeEntities, textOf } from '../support/html';
import { trpcMutation, trpcQuery } from '../support/http';
import { startTestApp, type TestApp } from '../support/test-app';
import { onPostgres } from '../support/test-database';

let app: TestApp;
afterEach(() => app.close());

/** What an authenticator app shows at the test clock's moment, `offsetSteps` steps away. */
function appCode(secret: string, offsetSteps = 0): string {
  return totpCode(secret, totpStep(app.clock.now()) + offsetSteps);
}

/** A code that is none of the three the server accepts now (previous, current, next step). */
function wrongCode(secret: string): string {
  const valid = new Set([appCode(secret, -1), appCode(secret), appCode(secret, 1)]);
  for (let n = 0; ; n++) {
    const code = String(n).padStart(TOTP_DIGITS, '0');
    if (!valid.has(code)) return code;
  }
}

type Setup = { qrSvg: string; secret: string; uri: string };

/** A user with two-factor sign-in on: returns the secret and the recovery codes. */
async function userWithTwoFactor(options: { admin?: boolean } = {}) {
  const account = await createUser(app, options);
  const cookie = await sessionCookie(app, account.user.id);
  const setup = (await trpcMutation(app.url, 'account.twoFactor.startSetup', undefined, { cookie })).body.result?.data as Setup;
  const confirmed = await trpcMutation(
    app.url,
    'account.twoFactor.confirmSetup',
    { code: appCode(setup.secret), currentPassword: account.password },
    { cookie },
  );
  expect(confirmed.status).toBe(200);
  const { recoveryCodes } = (confirmed.body.result?.data ?? { recoveryCodes: [] }) as { recoveryCodes: string[] };
  // The code just used is spent: the next sign-in uses the next step's.
  app.clock.advance(30_000);
  return { ...account, cookie, secret: setup.secret, recoveryCodes };
}

async function passwordStep(email: string, password: string) {
  const response = await trpcMutation(app.url, 'auth.signIn', { email, password });
  expect(response.status).toBe(200);
  expect(sessionCookieFrom(response.headers)).toBeNull();
  const { twoFactorChallenge } = (response.body.result?.data ?? { twoFactorChallenge: '' }) as { twoFactorChallenge: string };
  expect(twoFactorChallenge).toMatch(/^[a-z2-7]{32}$/);
  return twoFactorChallenge;
}

const codeStep = (challenge: string, code: string) => trpcMutation(app.url, 'auth.signInWithCode', { challenge, code });

async function auditActions(userId: string) {
  const rows = await app.db.selectFrom('audit_log').select(['action', 'object_id', 'detail']).orderBy('created_at').orderBy('id').execute();
  return rows.filter((row) => row.object_id === userId).map((row) => row.action);
}

describe('setting it up on /account', () => {
  it('draws the QR code as SVG, takes a code of the new secret, and shows ten recovery codes once', async () => {
    app = await startTestApp({ ORG_NAME: 'Schulverein Sonnenschein' });
    const { user, password } = await createUser(app);
    const cookie = await sessionCookie(app, user.id);
    const before = await trpcQuery(app.url, 'account.twoFactor.status', undefined, { cookie });
    expect(before.body.result?.data).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });

    const setup = (await trpcMutation(app.url, 'account.twoFactor.startSetup', undefined, { cookie })).body.result?.data as Setup;
    expect(setup.qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(setup.qrSvg).toContain('<path');
    expect(setup.qrSvg.trimEnd()).toMatch(/<\/svg>$/);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(
      setup.uri.startsWith(`otpauth://totp/${encodeURIComponent('Schulverein Sonnenschein')}:${encodeURIComponent(user.email)}?`),
    ).toBe(true);
    const uri = new URL(setup.uri);
    expect(uri.searchParams.get('secret')).toBe(setup.secret);
    expect(uri.searchParams.get('issuer')).toBe('Schulverein Sonnenschein');

    // Not on yet: sign-in still takes the password alone.
    const early = await trpcMutation(app.url, 'auth.signIn', { email: user.email, password: 'correct horse battery' });
    expect(sessionCookieFrom(early.headers)).not.toBeNull();

    const wrong = await trpcMutation(
      app.url,
      'account.twoFactor.confirmSetup',
      { code: wrongCode(setup.secret), currentPassword: password },
      { cookie },
    );
    expect(wrong.body.error?.data.appCode).toBe('TWO_FACTOR_CODE_INVALID');

    // A browser left signed in cannot put a stranger's app on the account: the password is asked too.
    const withoutPassword = await trpcMutation(app.url, 'account.twoFactor.confirmSetup', { code: appCode(setup.secret) }, { cookie });
    expect(withoutPassword.status).toBe(400);
    const wrongPassword = await trpcMutation(
      app.url,
      'account.twoFactor.confirmSetup',
      { code: appCode(setup.secret), currentPassword: 'not the password' },
      { cookie },
    );
    expect(wrongPassword.body.error?.data.appCode).toBe('WRONG_PASSWORD');
    expect((await trpcQuery(app.url, 'account.twoFactor.status', undefined, { cookie })).body.result?.data).toMatchObject({
      enabled: false,
    });

    const confirmed = await trpcMutation(
      app.url,
      'account.twoFactor.confirmSetup',
      { code: appCode(setup.secret), currentPassword: password },
      { cookie },
    );
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = (confirmed.body.result?.data ?? { recoveryCodes: [] }) as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);

    // Stored hashed only; the secret is never answered again.
    const stored = await app.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(10);
    for (const row of stored) for (const code of recoveryCodes) expect(row.code_hash).not.toContain(code.replaceAll('-', ''));
    const after = await trpcQuery(app.url, 'account.twoFactor.status', undefined, { cookie });
    expect(after.body.result?.data).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(after.body)).not.toContain(setup.secret);
    const again = await trpcMutation(app.url, 'account.twoFactor.startSetup', undefined, { cookie });
    expect(again.body.error?.data.appCode).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });
});

describe('signing in with a second factor', () => {
  it('asks for the code after the password; a wrong code and a replayed code are refused', async () => {
    app = await startTestApp();
    const { email, password, secret } = await userWithTwoFactor();

    const challenge = await passwordStep(email, password);
    const wrong = await codeStep(challenge, wrongCode(secret));
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.data.appCode).toBe('TWO_FACTOR_CODE_INVALID');
    expect(sessionCookieFrom(wrong.headers)).toBeNull();

    const code = appCode(secret);
    const right = await codeStep(challenge, code);
    expect(right.status).toBe(200);
    const cookie = sessionCookieFrom(right.headers);
    expect(cookie).not.toBeNull();
    expect((await trpcQuery(app.url, 'auth.session', undefined, { cookie: cookie ?? '' })).body.result?.data).toMatchObject({ email });

    // The challenge is used up; and the same code, seen over a shoulder, does not sign in again within its window.
    expect((await codeStep(challenge, appCode(secret))).body.error?.data.appCode).toBe('SIGN_IN_EXPIRED');
    const replay = await codeStep(await passwordStep(email, password), code);
    expect(replay.body.error?.data.appCode).toBe('TWO_FACTOR_CODE_INVALID');
    expect(sessionCookieFrom(replay.headers)).toBeNull();

    // The next step's code works.
    app.clock.advance(30_000);
    expect((await codeStep(await passwordStep(email, password), appCode(secret))).status).toBe(200);
  });

  it('lets the second step expire after five minutes', async () => {
    app = await startTestApp();
    const { email, password, secret } = await userWithTwoFactor();
    const challenge = await passwordStep(email, password);
    app.clock.advance(5 * 60_000 + 1);
    const late = await codeStep(challenge, appCode(secret));
    expect(late.body.error?.data.appCode).toBe('SIGN_IN_EXPIRED');
    expect(sessionCookieFrom(late.headers)).toBeNull();
  });

  it('stops guessing after five wrong codes per account, even with a new challenge and the right code', async () => {
    app = await startTestApp();
    const { email, password, secret } = await userWithTwoFactor();
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await codeStep(await passwordStep(email, password), wrongCode(secret));
      expect(response.body.error?.data.appCode).toBe('TWO_FACTOR_CODE_INVALID');
    }
    const blocked = await codeStep(await passwordStep(email, password), appCode(secret));
    expect(blocked.status).toBe(429);
    expect(blocked.body.error?.data.appCode).toBe('RATE_LIMITED');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(sessionCookieFrom(blocked.headers)).toBeNull();

    // After the window the owner gets in.
    app.clock.advance(15 * 60_000);
    expect((await codeStep(await passwordStep(email, password), appCode(secret))).status).toBe(200);
  });

  it('counts wrong codes sent at the same time: five are checked, the rest refused', async () => {
    app = await startTestApp();
    const { email, password, secret } = await userWithTwoFactor();
    const challenge = await passwordStep(email, password);
    const answers = await Promise.all(Array.from({ length: 10 }, () => codeStep(challenge, wrongCode(secret))));
    const codes = answers.map((response) => response.body.error?.data.appCode);
    expect(codes.filter((code) => code === 'TWO_FACTOR_CODE_INVALID')).toHaveLength(5);
    expect(codes.filter((code) => code === 'RATE_LIMITED')).toHaveLength(5);
  });

  it('does not count right codes against the account', async () => {
    app = await startTestApp();
    const { email, password, secret } = await userWithTwoFactor();
    for (let signIn = 0; signIn < 7; signIn++) {
      expect((await codeStep(await passwordStep(email, password), appCode(secret))).status, `sign-in ${signIn + 1}`).toBe(200);
      app.clock.advance(30_000);
    }
  });

  it('takes a recovery code once, typed in any case and with spaces', async () => {
    app = await startTestApp();
    const { email, password, cookie, recoveryCodes } = await userWithTwoFactor();
    const [first = ''] = recoveryCodes;

    const typed = ` ${first.toUpperCase().replaceAll('-', ' ')} `;
    const used = await codeStep(await passwordStep(email, password), typed);
    expect(used.status).toBe(200);
    expect(sessionCookieFrom(used.headers)).not.toBeNull();

    const again = await codeStep(await passwordStep(email, password), first);
    expect(again.body.error?.data.appCode).toBe('TWO_FACTOR_CODE_INVALID');
    const status = await trpcQuery(app.url, 'account.twoFactor.status', undefined, { cookie });
    expect(status.body.result?.data).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('works without scripts: the password post shows the code form, the code post signs in', async () => {
    app = await startTestApp();
    const { email, password, secret } = await userWithTwoFactor();
    const post = (fields: Record<string, string>) =>
      fetch(`${app.url}/auth?redirect=${encodeURIComponent('/account')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.origin },
        body: new URLSearchParams(fields),
        redirect: 'manual',
      });

    const passwordPage = await post({ _form: 'signIn', email, password });
    expect(passwordPage.status).toBe(200);
    expect(sessionCookieFrom(passwordPage.headers)).toBeNull();
    const html = await passwordPage.text();
    expect(html).toContain('name="_form" value="signInCode"');
    expect(html).not.toContain(password);
    const challenge = /name="challenge" value="([a-z2-7]{32})"/.exec(html)?.[1] ?? '';
    expect(challenge).not.toBe('');

    // A wrong code: the code form again, with the reason and the same challenge.
    const refused = await post({ _form: 'signInCode', challenge, code: wrongCode(secret) });
    expect(refused.status).toBe(200);
    const refusedHtml = await refused.text();
    expect(decodeEntities(textOf(refusedHtml))).toContain('Der Code ist nicht richtig oder wurde schon verwendet.');
    expect(refusedHtml).toContain(`name="challenge" value="${challenge}"`);

    const signedIn = await post({ _form: 'signInCode', challenge, code: appCode(secret) });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toBe('/account');
    expect(sessionCookieFrom(signedIn.headers)).not.toBeNull();
  });
});

describe('turning it off and renewing the recovery codes', () => {
  it('needs the password or a current code', async () => {
    app = await startTestApp();
    const { email, password, cookie, secret, recoveryCodes } = await userWithTwoFactor();

    const renewed = await trpcMutation(app.url, 'account.twoFactor.renewRecoveryCodes', { code: appCode(secret) }, { cookie });
    expect(renewed.status).toBe(200);
    const fresh = (renewed.body.result?.data as { recoveryCodes: string[] } | undefined)?.recoveryCodes;
    expect(fresh).toHaveLength(10);
    // The old codes stopped working.
    expect((await codeStep(await passwordStep(email, password), recoveryCodes[1] ?? '')).body.error?.data.appCode).toBe(
      'TWO_FACTOR_CODE_INVALID',
    );

    const wrongPassword = await trpcMutation(app.url, 'account.twoFactor.disable', { currentPassword: 'not the password' }, { cookie });
    expect(wrongPassword.body.error?.data.appCode).toBe('WRONG_PASSWORD');
    const nothing = await trpcMutation(app.url, 'account.twoFactor.disable', {}, { cookie });
    expect(nothing.body.error?.data.appCode).toBe('VALIDATION_FAILED');
    const off = await trpcMutation(app.url, 'account.twoFactor.disable', { currentPassword: password }, { cookie });
    expect(off.status).toBe(200);

    const response = await trpcMutation(app.url, 'auth.signIn', { email, password });
    expect(sessionCookieFrom(response.headers)).not.toBeNull();
    expect(await app.db.selectFrom('two_factor_recovery_codes').selectAll().execute()).toEqual([]);
  });

  it("renewed several times at once (two tabs, two servers), exactly one renewal's ten codes remain", async () => {
    app = await startTestApp();
    const { user } = await createUser(app);
    const renewals = await Promise.all(
      Array.from({ length: 6 }, () => app.db.transaction().execute((trx) => replaceRecoveryCodes(trx, user.id, app.clock.now()))),
    );
    const stored = await app.db.selectFrom('two_factor_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const hashes = (codes: string[]) => codes.map((code) => hashSecret(normalizeRecoveryCode(code))).sort();
    expect(renewals.map(hashes)).toContainEqual(stored.map((row) => row.code_hash).sort());
  });

  it.skipIf(!onPostgres)(
    'a renewal under way does not hold up a sign-in of the same user (no deadlock with a recovery code being spent)',
    async () => {
      app = await startTestApp();
      const { user } = await createUser(app);
      // A sign-in with a recovery code locks that code, then makes a session, which references the user's
      // row; a renewal holds the user's row, then deletes the codes. Were the renewal's hold to stop the
      // session (FOR UPDATE stops a reference), each would wait for the other.
      await app.db.transaction().execute(async (trx) => {
        await lockRow(trx, 'users', user.id);
        const session = createSession(app.db, user.id, app.clock.now()).then(() => 'made' as const);
        // Held up, the session would wait for ever (this transaction ends only after the race): the bound
        // is for a busy machine's slowest insert, not a speed.
        const waited = new Promise<'held up'>((resolve) => setTimeout(() => resolve('held up'), 10_000));
        expect(await Promise.race([session, waited])).toBe('made');
      });
    },
  );

  it('renewed twice at once over the API: both answer ten codes, ten remain', async () => {
    app = await startTestApp();
    const { password, cookie } = await userWithTwoFactor();
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        [0, 1].map(() => trpcMutation(app.url, 'account.twoFactor.renewRecoveryCodes', { currentPassword: password }, { cookie })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const status = await trpcQuery(app.url, 'account.twoFactor.status', undefined, { cookie });
      expect((status.body.result?.data as { recoveryCodesLeft: number } | undefined)?.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT);
    }
  });
});

describe('ADMIN_2FA_REQUIRED', () => {
  it('keeps admin procedures and pages closed to an admin without a second factor until it is set up', async () => {
    app = await startTestApp({ ADMIN_2FA_REQUIRED: 'true' });
    const { user, email, password } = await createUser(app, { admin: true });
    const signIn = await trpcMutation(app.url, 'auth.signIn', { email, password });
    expect(signIn.body.result?.data).toMatchObject({ isAdmin: true, twoFactorSetupRequired: true });
    const cookie = sessionCookieFrom(signIn.headers) ?? '';

    const refused = await trpcQuery(app.url, 'blog.listAll', undefined, { cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.data.appCode).toBe('TWO_FACTOR_REQUIRED');
    // The admin pages send them to /account, saying why (the server renders the redirect).
    const page = await app.request('/blog-admin', { headers: { cookie }, redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^\/account\?twoFactor=required$/);
    const account = await app.request('/account?twoFactor=required', { headers: { cookie } });
    expect(textOf(await account.text())).toContain('Zwei-Faktor-Anmeldung erforderlich');

    app.clock.advance(1000);
    const setup = (await trpcMutation(app.url, 'account.twoFactor.startSetup', undefined, { cookie })).body.result?.data as Setup;
    expect(
      (
        await trpcMutation(
          app.url,
          'account.twoFactor.confirmSetup',
          { code: appCode(setup.secret), currentPassword: password },
          { cookie },
        )
      ).status,
    ).toBe(200);
    expect((await trpcQuery(app.url, 'blog.listAll', undefined, { cookie })).status).toBe(200);
    const session = await trpcQuery(app.url, 'auth.session', undefined, { cookie });
    expect(session.body.result?.data).not.toHaveProperty('twoFactorSetupRequired');
    expect((await app.request('/blog-admin', { headers: { cookie }, redirect: 'manual' })).status).toBe(200);
    expect(await auditActions(user.id)).toEqual(['admin.signed_in', 'twofactor.enabled']);
  });

  it('leaves admins alone when off, and ordinary users either way', async () => {
    app = await startTestApp({ ADMIN_2FA_REQUIRED: 'true' });
    const member = await createUser(app);
    const signIn = await trpcMutation(app.url, 'auth.signIn', { email: member.email, password: member.password });
    expect(signIn.body.result?.data).not.toHaveProperty('twoFactorSetupRequired');
    await app.close();

    app = await startTestApp();
    const admin = await createUser(app, { admin: true });
    const cookie = await sessionCookie(app, admin.user.id);
    expect((await trpcQuery(app.url, 'blog.listAll', undefined, { cookie })).status).toBe(200);
  });
});

describe('the audit trail and the operator reset', () => {
  it("records an admin's sign-ins, failures, turning it on and off, and the CLI reset; never a password", async () => {
    app = await startTestApp();
    const { user, email, password, secret } = await userWithTwoFactor({ admin: true });

    // A second apart each, so that the entries' times give their order.
    app.clock.advance(1000);
    await trpcMutation(app.url, 'auth.signIn', { email, password: 'a wrong guess 123' });
    app.clock.advance(1000);
    const challenge = await passwordStep(email, password);
    await codeStep(challenge, wrongCode(secret));
    app.clock.advance(1000);
    expect((await codeStep(challenge, appCode(secret))).status).toBe(200);

    const entries = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('object_id', '=', user.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => [entry.action, JSON.parse(entry.detail)])).toEqual([
      ['twofactor.enabled', {}],
      ['admin.sign_in_failed', { reason: 'password' }],
      ['admin.sign_in_failed', { reason: 'code' }],
      ['admin.signed_in', { method: 'totp' }],
    ]);
    expect(JSON.stringify(entries)).not.toContain('a wrong guess');
    expect(entries.every((entry) => entry.actor_email === email && entry.ip !== '')).toBe(true);

    // Lost phone: the operator resets it; the password alone signs in again.
    expect(await resetTwoFactor(app.db, user, app.clock.now())).toBe(true);
    expect(await resetTwoFactor(app.db, user, app.clock.now())).toBe(false);
    const response = await trpcMutation(app.url, 'auth.signIn', { email, password });
    expect(sessionCookieFrom(response.headers)).not.toBeNull();
    const reset = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'twofactor.reset').execute();
    expect(reset).toMatchObject([{ actor_email: 'cli', object_id: user.id }]);
    expect(await app.db.selectFrom('two_factor_secrets').selectAll().execute()).toEqual([]);
  });

  it("keeps no audit entries for an ordinary user's sign-in or a wrong password", async () => {
    app = await startTestApp();
    const { user, email, password } = await createUser(app);
    await trpcMutation(app.url, 'auth.signIn', { email, password: 'wrong one here' });
    await trpcMutation(app.url, 'auth.signIn', { email, password });
    expect(await auditActions(user.id)).toEqual([]);
  });
});
