/**
 * Operator commands: `npm run cli -- <command> [options]`. Each command uses the same configuration
 * (environment) and database as the server. Results go to stdout (users:list is meant for scripts),
 * everything else to stderr. Exit status: 0 done, 1 refused (bad value, unknown user), 2 wrong usage
 * (unknown command or option, a missing value).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { newPasswordSchema, emailSchema } from '@shared/schemas/auth';
import { hasControlCharacter } from '@shared/schemas/text';
import { NAME_MAX_LENGTH } from '@shared/constants';
import { formatCents } from '@shared/money';
import { hashPassword } from './auth/password';
import { grantAdminAudited, revokeAdminAudited } from './auth/roles';
import { CLI_ACTOR } from './audit/record';
import { findUserByEmail, insertUser, listUsers, markEmailVerified, setPasswordHash } from './auth/users';
import { seedDemoPosts } from './blog/seed';
import { backupCommand, restoreCommand } from './backup/commands';
import { donationsSince, exportPaymentsCsvAudited, receivedByDonation, stripeDashboardUrl } from './donations/admin';
import { listOrdersForOperators } from './orders/queries';
import { ConfigError, parseConfig } from './config';
import type { Db } from './db/connect';
import { systemClock } from './lib/clock';
import { escapeControlCharacters } from './lib/escape';
import { createLogger } from './lib/logger';
import { teamDateTime } from './lib/team-time';
import { listFailedMails, resendFailedMail } from './mail/failed-mails';
import type { MailTransport } from './mail/transport';
import { DatabaseStartError, startRuntime } from './runtime';
import { databaseUrlForDisplay } from './db/database-url';
import { resetTwoFactor } from './two-factor/reset';
import type { AppDeps } from './trpc';

/** The input is well-formed but refused: exit status 1. */
class InputError extends Error {}
/** The command line itself is wrong: exit status 2, with the command's usage line. */
class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;
type Args = { values: Record<string, string | undefined>; positionals: string[] };
type Command = {
  usage: string;
  summary: string;
  options?: Options;
  /** Options the command cannot run without. */
  required?: string[];
  /** How many positional arguments it takes (exactly). */
  positionals?: number;
  /** deps: the runtime's services, as the server's requests get them. */
  run(deps: AppDeps, args: Args): Promise<void>;
};

const USAGE_PREFIX = 'npm run cli --';

/** One line of output; stored text in it (names, addresses) cannot forge another line or move the cursor. */
const out = (line: string): void => {
  process.stdout.write(`${escapeControlCharacters(line)}\n`);
};

function validEmail(value: string | undefined): string {
  const result = emailSchema.safeParse(value ?? '');
  if (!result.success) throw new InputError(`"${value ?? ''}" is not a valid e-mail address`);
  return result.data;
}

/** "2026-01-01": a real calendar day (not 2026-02-30). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

async function existingUser(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new InputError(`No user with the e-mail address ${email}`);
  return user;
}

const commands: Record<string, Command> = {
  'admin:create': {
    usage: 'admin:create --email E --password P [--first-name F --last-name L]',
    summary: 'create a verified admin, or make an existing user admin',
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
    },
    required: ['email', 'password'],
    async run({ db, clock }, { values }) {
      const email = validEmail(values.email);
      const password = newPasswordSchema.safeParse(values.password ?? '');
      if (!password.success) throw new InputError('--password must be 6 to 128 characters long');
      const firstName = (values['first-name'] ?? 'Admin').trim();
      const lastName = (values['last-name'] ?? '').trim();
      if (firstName.length > NAME_MAX_LENGTH || lastName.length > NAME_MAX_LENGTH)
        throw new InputError(`names are limited to ${NAME_MAX_LENGTH} characters`);
      if (hasControlCharacter(firstName) || hasControlCharacter(lastName)) throw new InputError('names cannot hold control characters');
      const now = clock.now();
      const passwordHash = await hashPassword(password.data);
      const existing = await findUserByEmail(db, email);
      if (existing) {
        await setPasswordHash(db, existing.id, passwordHash, now);
        await markEmailVerified(db, existing.id, now);
        await grantAdminAudited(db, CLI_ACTOR, existing, now);
        out(`${email} already had an account: password set, e-mail marked verified, admin role granted.`);
        return;
      }
      const user = await insertUser(db, { email, passwordHash, firstName, lastName, locale: 'de', verifiedAt: now }, now);
      await grantAdminAudited(db, CLI_ACTOR, user, now);
      out(`Created admin ${email}.`);
    },
  },
  'admin:grant': {
    usage: 'admin:grant E',
    summary: 'give an existing user the admin role',
    positionals: 1,
    async run({ db, clock }, { positionals }) {
      const user = await existingUser(db, validEmail(positionals[0]));
      await grantAdminAudited(db, CLI_ACTOR, user, clock.now());
      out(`${user.email} is now an admin.`);
    },
  },
  'admin:revoke': {
    usage: 'admin:revoke E',
    summary: 'take the admin role away',
    positionals: 1,
    async run({ db, clock }, { positionals }) {
      const user = await existingUser(db, validEmail(positionals[0]));
      const had = await revokeAdminAudited(db, CLI_ACTOR, user, clock.now());
      out(had ? `${user.email} is no longer an admin.` : `${user.email} was not an admin.`);
    },
  },
  'admin:reset-2fa': {
    usage: 'admin:reset-2fa E',
    summary: 'remove the second factor and recovery codes of a user who lost them (audited)',
    positionals: 1,
    async run({ db, clock }, { positionals }) {
      const user = await existingUser(db, validEmail(positionals[0]));
      const had = await resetTwoFactor(db, user, clock.now());
      out(
        had
          ? `${user.email} signs in with the password alone now; two-factor sign-in can be set up again on /account.`
          : `${user.email} had no two-factor sign-in.`,
      );
    },
  },
  seed: {
    usage: 'seed',
    summary: 'add the German demo blog posts (those not there yet)',
    async run(deps) {
      const added = await seedDemoPosts(deps, deps.clock.now());
      out(added > 0 ? `Added ${added} demo posts.` : 'The demo posts are all there already.');
    },
  },
  'orders:list': {
    usage: 'orders:list',
    summary: 'list the shop orders with their Printful id and status (newest first)',
    async run({ db }) {
      const orders = await listOrdersForOperators(db);
      if (orders.length === 0) {
        process.stderr.write('No orders yet.\n');
        return;
      }
      for (const order of orders) {
        const printful = order.printfulOrderId ? `printful ${order.printfulOrderId} (${order.printfulStatus ?? '?'})` : 'not at Printful';
        out(
          [
            order.orderNumber,
            teamDateTime(order.createdAt),
            order.status.padEnd(16),
            formatCents(order.totalCents).padStart(10),
            order.email.padEnd(32),
            printful,
            order.lastError ?? '',
          ]
            .join('  ')
            .trimEnd(),
        );
      }
    },
  },
  'donations:list': {
    usage: 'donations:list [--since YYYY-MM-DD] [--csv]',
    summary: "list the donations made since a day (newest first); --csv: the payments since then as the treasurer's CSV",
    options: { since: { type: 'string' }, csv: { type: 'boolean' } },
    async run({ db, config, clock }, { values }) {
      const since = values.since;
      if (since !== undefined && !isCalendarDay(since)) throw new InputError(`--since wants a day as YYYY-MM-DD, not "${since}"`);
      // A boolean option: parseArgs gives true (Args types every value as a string).
      if (values.csv) {
        // The file as the admin page downloads it (BOM, defused formulas): written as is, not line by line.
        process.stdout.write((await exportPaymentsCsvAudited(db, { since }, CLI_ACTOR, clock.now())).csv);
        return;
      }
      const donations = await donationsSince(db, since);
      if (donations.length === 0) {
        process.stderr.write(since ? `No donations since ${since}.\n` : 'No donations yet.\n');
        return;
      }
      const received = await receivedByDonation(
        db,
        donations.map((donation) => donation.id),
      );
      for (const donation of donations) {
        const got = received.get(donation.id);
        out(
          [
            teamDateTime(donation.created_at),
            donation.mode.padEnd(8),
            donation.status.padEnd(9),
            formatCents(donation.amount_cents).padStart(12),
            `received ${formatCents(got?.cents ?? 0)} in ${got?.count ?? 0}`.padEnd(24),
            donation.donor_email.padEnd(32),
            stripeDashboardUrl(config.stripe, donation) ?? '',
          ]
            .join('  ')
            .trimEnd(),
        );
      }
    },
  },
  'mail:failed': {
    usage: 'mail:failed',
    summary: "list the mails given up on, newest first, with the mail server's answer (a newsletter's: on /newsletter-admin)",
    async run({ db }) {
      const mails = await listFailedMails(db);
      if (mails.length === 0) {
        process.stderr.write('No failed mails.\n');
        return;
      }
      for (const mail of mails) {
        out([mail.id, teamDateTime(mail.queuedAt), mail.kind.padEnd(20), mail.to.padEnd(32), mail.reason].join('  ').trimEnd());
      }
    },
  },
  'mail:resend': {
    usage: 'mail:resend ID',
    summary: 'queue a failed mail again (audited); the running server sends it within seconds',
    positionals: 1,
    async run({ db, clock }, { positionals }) {
      const id = positionals[0] ?? '';
      if (!(await resendFailedMail(db, id, CLI_ACTOR, clock.now())))
        throw new InputError(`No failed mail with the id "${id}" (mail:failed lists them; a newsletter's are resent on /newsletter-admin)`);
      out(`Mail ${id} is queued again.`);
    },
  },
  backup: backupCommand(out, InputError),
  restore: restoreCommand(out, InputError),
  'users:list': {
    usage: 'users:list',
    summary: 'list all accounts with their state and role',
    async run({ db }) {
      const users = await listUsers(db);
      if (users.length === 0) {
        process.stderr.write('No users yet. Create the first admin with admin:create.\n');
        return;
      }
      for (const user of users) {
        const state = user.email_verified_at ? 'verified' : 'unverified';
        out(
          `${user.email.padEnd(40)} ${`${user.first_name} ${user.last_name}`.trim().padEnd(30)} ${state.padEnd(11)} ${user.role ?? ''}`.trimEnd(),
        );
      }
    },
  },
};

function help(): string {
  return [
    'SchoolBox operator commands',
    '',
    `Usage: ${USAGE_PREFIX} <command> [options]`,
    '',
    'Commands:',
    ...Object.values(commands).map((command) => `  ${command.usage.padEnd(64)} ${command.summary}`),
    `  ${'--help'.padEnd(64)} show this help`,
    '',
    'The commands use the same environment as the server (DATABASE_URL and the rest).',
  ].join('\n');
}

/** The command's arguments, checked against what it declares; any mismatch is a UsageError. */
function commandArgs(command: Command, argv: string[]): Args {
  const usageError = (problem: string) => new UsageError(`${problem}\nUsage: ${USAGE_PREFIX} ${command.usage}`);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: argv, options: command.options ?? {}, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs names the problem: an unknown option, or an option given without its value.
    throw usageError(error instanceof Error ? error.message : String(error));
  }
  const values = parsed.values as Record<string, string | undefined>;
  const missing = (command.required ?? []).filter((name) => values[name] === undefined);
  if (missing.length > 0) throw usageError(`Missing ${missing.map((name) => `--${name}`).join(' and ')}`);
  const expected = command.positionals ?? 0;
  if (parsed.positionals.length !== expected) {
    throw usageError(
      expected === 0
        ? `Unexpected argument "${parsed.positionals[0]}"`
        : `Expected ${expected} argument(s), got ${parsed.positionals.length}`,
    );
  }
  return { values, positionals: parsed.positionals };
}

/** The CLI never sends mail; the runtime still wants a transport (and then has nothing to warn about). */
const noMail: MailTransport = {
  send: () => Promise.reject(new Error('the operator CLI does not send mail')),
  close: () => undefined,
};

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    for (const line of help().split('\n')) out(line);
    return 0;
  }
  const command = commands[name];
  if (!command) throw new UsageError(`Unknown command "${name}". Run "${USAGE_PREFIX} --help" for the list.`);
  const args = commandArgs(command, rest);
  const config = parseConfig(process.env);
  // Log lines (migrations, warnings) go to stderr, so that stdout carries only the command's result.
  const logger = createLogger(config.logLevel === 'silent' ? 'silent' : 'warn', {}, (line) => process.stderr.write(`${line}\n`));
  // The one clock of the process: commands read it from the runtime's deps, as requests do.
  const runtime = await startRuntime(config, logger, systemClock, { mailTransport: noMail, startWorker: false }).catch((error: unknown) => {
    // As the server says it (main.ts): one line naming the database, not a stack from inside the bundle.
    if (!(error instanceof DatabaseStartError)) throw error;
    throw new InputError(
      `the database in DATABASE_URL (${databaseUrlForDisplay(config.databaseUrl)}) could not be opened or migrated: ${error.message}`,
    );
  });
  try {
    await command.run(runtime.deps, args);
    return 0;
  } finally {
    // Close before exiting on every path: better-sqlite3 statements still open at process exit can
    // abort Node 24 (an assertion in their finalizer).
    await runtime.close();
  }
}

function describeFailure(error: unknown): string {
  if (error instanceof UsageError || error instanceof InputError || error instanceof ConfigError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${describeFailure(error)}\n`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
