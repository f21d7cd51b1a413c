/**
 * The operator CLI as `npm run cli` runs it: the compiled bundle (dist/server/cli.js, made by the build
 * step of `npm test`), against the database in DATABASE_URL (SQLite, or PostgreSQL when the tests run
 * there). Output is checked as a script would read it: results on stdout, everything else on stderr.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Db } from '@server/db/connect';
import { makeTempDir } from '../support/temp-dir';
import { testDatabase } from '../support/test-database';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../../dist/server/cli.js', import.meta.url));
let temp: ReturnType<typeof makeTempDir>;
let database: Awaited<ReturnType<typeof testDatabase>>;

type Result = { code: number; stdout: string; stderr: string };

async function cli(...args: string[]): Promise<Result> {
  try {
    // From a folder of its own: the CLI must not depend on the working directory.
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      cwd: temp.dir,
      env: { ...process.env, DATABASE_URL: database.url },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

async function withDb<T>(use: (db: Db) => Promise<T>): Promise<T> {
  const { db } = connectDatabase(database.url);
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: these tests need the production build (npm run build)`);
  temp = makeTempDir();
  database = await testDatabase(temp.dir);
});
afterAll(async () => {
  await database?.drop();
  temp?.remove();
});

describe('operator CLI (compiled)', () => {
  it('prints its commands with --help', async () => {
    const { code, stdout } = await cli('--help');
    expect(code).toBe(0);
    for (const command of ['admin:create', 'admin:grant', 'admin:revoke', 'users:list', 'orders:list', 'donations:list', 'seed'])
      expect(stdout).toContain(command);
  });

  it('creates a verified admin, lists it, revokes and grants the role', async () => {
    const created = await cli(
      'admin:create',
      '--email',
      ' Boss@Example.org ',
      '--password',
      'secret-1',
      '--first-name',
      'Rosa',
      '--last-name',
      'Chef',
    );
    expect(created).toMatchObject({ code: 0, stdout: 'Created admin boss@example.org.\n' });
    const user = await withDb((db) => db.selectFrom('users').selectAll().where('email', '=', 'boss@example.org').executeTakeFirstOrThrow());
    expect(user.email_verified_at).not.toBeNull();
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect((await cli('users:list')).stdout).toMatch(/^boss@example\.org\s+Rosa Chef\s+verified\s+admin$/m);

    expect((await cli('admin:revoke', 'boss@example.org')).stdout).toContain('no longer an admin');
    expect((await cli('users:list')).stdout).not.toMatch(/boss@example\.org.*admin$/m);
    expect((await cli('admin:grant', 'BOSS@example.org')).code).toBe(0);
    expect(await withDb((db) => db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute())).toEqual([
      { role: 'admin' },
    ]);
    // Each change of the role is in the audit trail, as the command line's (granting a role held already adds nothing).
    expect((await cli('admin:grant', 'boss@example.org')).code).toBe(0);
    const audited = await withDb((db) =>
      db
        .selectFrom('audit_log')
        .selectAll()
        .where('object_type', '=', 'user')
        .where('object_id', '=', user.id)
        .orderBy('created_at')
        .execute(),
    );
    expect(audited.map((entry) => entry.action)).toEqual(['role.granted', 'role.revoked', 'role.granted']);
    for (const entry of audited) expect(entry).toMatchObject({ actor_id: null, actor_email: 'cli', ip: '' });
  });

  it('prints only the accounts on stdout for users:list, one per line, and no warning about mail', async () => {
    await cli('admin:create', '--email', 'list-a@example.org', '--password', 'secret-1');
    const { code, stdout, stderr } = await cli('users:list');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    // Every line is an account: an address first, no log lines in between.
    for (const line of lines) expect(line).toMatch(/^\S+@\S+\s+/);
    expect(`${stdout}${stderr}`).not.toMatch(/SMTP|"level"/);
  });

  it('writes control characters in stored names out as escapes: a name cannot forge a line of users:list (issue 22)', async () => {
    await cli('admin:create', '--email', 'forger@example.org', '--password', 'secret-1');
    // As a row written before names were cleaned would hold it: ESC[2K clears the line, CR/LF start a new one.
    await withDb((db) =>
      db
        .updateTable('users')
        .set({ last_name: 'Lace\u001b[2K\r\nroot@example.org  Root  verified  admin' })
        .where('email', '=', 'forger@example.org')
        .execute(),
    );
    const { code, stdout } = await cli('users:list');
    expect(code).toBe(0);
    // No control character but the line ends: no ESC, no CR, no line break inside a line.
    expect(stdout.replace(/\n/g, '')).not.toMatch(/\p{Cc}/u);
    expect(stdout).not.toMatch(/^root@example\.org/m);
    expect(stdout).toContain('Lace\\u001b[2K\\u000d\\u000aroot@example.org');
  });

  it('refuses a name with control characters in admin:create (issue 22)', async () => {
    const { code, stderr } = await cli(
      'admin:create',
      '--email',
      'esc@example.org',
      '--password',
      'secret-1',
      '--last-name',
      'A\u001b[2KB',
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(/control characters/);
  });

  it.each([
    [['admin:grant', 'nobody@example.org'], /No user with the e-mail address nobody@example\.org/],
    [['admin:revoke', 'not-an-address'], /is not a valid e-mail address/],
    [['admin:create', '--email', 'x@example.org', '--password', '123'], /--password must be 6 to 128 characters/],
  ])('refuses %j with a clear message and exit status 1', async (args, message) => {
    const { code, stdout, stderr } = await cli(...args);
    expect(code).toBe(1);
    expect(stderr).toMatch(message);
    expect(stdout).toBe('');
  });

  it.each([
    [['frobnicate'], /Unknown command "frobnicate"/, /--help/],
    [['admin:create', '--email', 'x@example.org', '--password'], /--password/, /Usage: npm run cli -- admin:create --email E --password P/],
    [['admin:create', '--email', 'x@example.org'], /Missing --password/, /Usage: npm run cli -- admin:create/],
    [
      ['admin:create', '--email', 'x@example.org', '--password', 'secret-1', '--admin'],
      /Unknown option '--admin'/,
      /Usage: npm run cli -- admin:create/,
    ],
    [['admin:grant'], /Expected 1 argument/, /Usage: npm run cli -- admin:grant E/],
    [['admin:grant', 'a@example.org', 'b@example.org'], /Expected 1 argument/, /Usage: npm run cli -- admin:grant E/],
    [['seed', '--force'], /Unknown option '--force'/, /Usage: npm run cli -- seed/],
  ])('answers the wrong usage %j with the usage line and exit status 2', async (args, problem, usage) => {
    const { code, stdout, stderr } = await cli(...args);
    expect(code).toBe(2);
    expect(stderr).toMatch(problem);
    expect(stderr).toMatch(usage);
    expect(stdout).toBe('');
  });

  it('lists the orders newest first with their Printful id, one per line on stdout', async () => {
    expect(await cli('orders:list')).toMatchObject({ code: 0, stdout: '', stderr: expect.stringContaining('No orders yet.') });
    const order = (
      number: string,
      createdAt: string,
      extra: { printful_order_id?: string; printful_status?: string; status: 'submitted' | 'provider_failed' },
    ) => ({
      id: `order-${number}`,
      order_number: number,
      user_id: null,
      idempotency_key: `key-${number}`,
      locale: 'de',
      email: 'buyer@example.org',
      first_name: 'Ina',
      last_name: 'Käufer',
      phone: null,
      address: 'Weg 1',
      city: 'Köln',
      postal_code: '50667',
      country: 'DE',
      currency: 'EUR',
      subtotal_cents: 2500,
      shipping_cents: 499,
      total_cents: 2999,
      printful_order_id: null,
      printful_status: null,
      next_attempt_at: null,
      last_error: extra.status === 'provider_failed' ? 'Printful refused the order' : null,
      created_at: createdAt,
      updated_at: createdAt,
      ...extra,
    });
    await withDb((db) =>
      db
        .insertInto('orders')
        .values([
          order('SB-260301-AAAAA', '2026-03-01T10:00:00.000Z', {
            status: 'submitted',
            printful_order_id: '12345678',
            printful_status: 'draft',
          }),
          order('SB-260302-BBBBB', '2026-03-02T10:00:00.000Z', { status: 'provider_failed' }),
        ])
        .execute(),
    );
    const { code, stdout } = await cli('orders:list');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^SB-260302-BBBBB\s+2026-03-02 11:00\s+provider_failed\s+29,99\s€\s+buyer@example\.org\s+not at Printful\s+Printful refused the order$/,
    );
    expect(lines[1]).toMatch(
      /^SB-260301-AAAAA\s+2026-03-01 11:00\s+submitted\s+29,99\s€\s+buyer@example\.org\s+printful 12345678 \(draft\)$/,
    );
  });

  it("lists the donations since a day, and with --csv the payments as the treasurer's CSV", async () => {
    expect(await cli('donations:list')).toMatchObject({ code: 0, stdout: '', stderr: expect.stringContaining('No donations yet.') });
    const donation = (id: string, createdAt: string, extra: { mode: 'one_time' | 'monthly'; status: 'paid' | 'active' | 'open' }) => ({
      id,
      amount_cents: extra.mode === 'monthly' ? 1000 : 2500,
      currency: 'eur',
      donor_email: `${id}@example.org`,
      donor_name: '=SUM(A1)',
      locale: 'de',
      stripe_session_id: `cs_test_${id}`,
      stripe_customer_id: null,
      stripe_subscription_id: extra.mode === 'monthly' ? `sub_${id}` : null,
      // An open session has no payment yet.
      stripe_payment_intent_id: extra.mode === 'one_time' && extra.status !== 'open' ? `pi_${id}` : null,
      created_at: createdAt,
      updated_at: createdAt,
      confirmed_at: extra.status === 'open' ? null : createdAt,
      ...extra,
    });
    await withDb(async (db) => {
      await db
        .insertInto('donations')
        .values([
          donation('old', '2025-12-01T10:00:00.000Z', { mode: 'one_time', status: 'paid' }),
          donation('gift', '2026-01-05T10:00:00.000Z', { mode: 'one_time', status: 'paid' }),
          donation('pledge', '2026-02-01T10:00:00.000Z', { mode: 'monthly', status: 'active' }),
          donation('open', '2026-02-02T10:00:00.000Z', { mode: 'one_time', status: 'open' }),
          // 00:30 on New Year's Day in Cologne, still 2025 in UTC: made on the team's 1 January.
          donation('new-year', '2025-12-31T23:30:00.000Z', { mode: 'one_time', status: 'open' }),
        ])
        .execute();
      const payment = (id: string, donationId: string, paidAt: string, cents: number) => ({
        id,
        donation_id: donationId,
        amount_cents: cents,
        currency: 'eur',
        status: 'paid' as const,
        stripe_invoice_id: donationId === 'pledge' ? `in_${id}` : null,
        stripe_payment_intent_id: `pi_${donationId === 'pledge' ? id : donationId}`,
        stripe_charge_id: `ch_${id}`,
        paid_at: paidAt,
        created_at: paidAt,
      });
      await db
        .insertInto('donation_payments')
        .values([
          payment('p1', 'old', '2025-12-01T10:01:00.000Z', 2500),
          payment('p2', 'gift', '2026-01-05T10:01:00.000Z', 2500),
          payment('p3', 'pledge', '2026-02-01T10:01:00.000Z', 1000),
        ])
        .execute();
    });

    const listed = await cli('donations:list', '--since', '2026-01-01');
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trimEnd().split('\n');
    // Times as the team's clock shows them, like the --since day: Berlin, not UTC.
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^2026-02-02 11:00\s+one_time\s+open\s+25,00\s€\s+received 0,00\s€ in 0\s+open@example\.org$/);
    expect(lines[1]).toMatch(
      /^2026-02-01 11:00\s+monthly\s+active\s+10,00\s€\s+received 10,00\s€ in 1\s+pledge@example\.org\s+https:\/\/dashboard\.stripe\.com\/test\/subscriptions\/sub_pledge$/,
    );
    expect(lines[2]).toMatch(
      /^2026-01-05 11:00\s+one_time\s+paid\s+25,00\s€\s+received 25,00\s€ in 1\s+gift@example\.org\s+https:\/\/dashboard\.stripe\.com\/test\/payments\/pi_gift$/,
    );
    expect(lines[3]).toMatch(/^2026-01-01 00:30\s+one_time\s+open\s+25,00\s€\s+received 0,00\s€ in 0\s+new-year@example\.org$/);

    const csv = await cli('donations:list', '--since', '2026-01-01', '--csv');
    expect(csv.code).toBe(0);
    expect(csv.stdout.startsWith('\uFEFFdate,paid_at,amount,')).toBe(true);
    const rows = csv.stdout.trimEnd().split('\r\n');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(/^2026-01-05,2026-01-05T10:01:00\.000Z,25\.00,EUR,one_time,paid,'=SUM\(A1\),gift@example\.org,de,gift,/);
    expect(rows[2]).toMatch(/^2026-02-01,.*,10\.00,EUR,monthly,paid,/);
    const exports = await withDb((db) => db.selectFrom('audit_log').selectAll().where('action', '=', 'donations.exported').execute());
    expect(exports).toMatchObject([{ actor_email: 'cli', ip: '' }]);
    expect(JSON.parse(exports[0]?.detail ?? '{}')).toMatchObject({ since: '2026-01-01' });

    expect(await cli('donations:list', '--since', '2026-02-30')).toMatchObject({ code: 1, stderr: expect.stringContaining('YYYY-MM-DD') });
    expect((await cli('donations:list', '--since')).code).toBe(2);
  });

  it('seed adds the demo posts once', async () => {
    expect((await cli('seed')).stdout).toMatch(/Added \d+ demo posts/);
    expect((await cli('seed')).stdout).toContain('all there already');
  });

  it('says in one line, without a stack, that the database cannot be opened (a file where its folder should be), exit status 1', async () => {
    const notAFolder = join(temp.dir, 'not-a-folder');
    writeFileSync(notAFolder, 'a file');
    const failed = await run(process.execPath, [CLI, 'users:list'], {
      cwd: temp.dir,
      env: { ...process.env, DATABASE_URL: `sqlite:${notAFolder}/app.db` },
    }).then(
      () => null,
      (error: Result) => error,
    );
    expect(failed?.code).toBe(1);
    const { stdout, stderr } = failed as Result;
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^the database in DATABASE_URL \\(sqlite:${notAFolder}/app\\.db\\) could not be opened or migrated: .+`),
      ),
    ]);
  });

  it('backs up, refuses to restore over data without --force or from a truncated archive, and restores with --force', async () => {
    const backup = await cli('backup', '--to', join(temp.dir, 'backups'));
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(database.dialect === 'postgres' ? /Method: PostgreSQL/ : /Method: SQLite VACUUM INTO/);
    const file = /Backup written: (.+?) \(/.exec(backup.stdout)?.[1] ?? '';
    expect(existsSync(file)).toBe(true);

    const refused = await cli('restore', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/not empty.*--force/);

    const truncated = join(temp.dir, 'truncated.jsonl.gz');
    writeFileSync(truncated, readFileSync(file).subarray(0, 200));
    const damaged = await cli('restore', truncated, '--force');
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/truncated|damaged/);
    expect(damaged.stderr).not.toMatch(/\n\s+at /);

    const posts = await withDb((db) => db.selectFrom('blog_posts').select('id').execute());
    const restored = await cli('restore', file, '--force');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Restored \d+ rows/);
    expect(await withDb((db) => db.selectFrom('blog_posts').select('id').execute())).toHaveLength(posts.length);
  });
});
