/**
 * Operator commands: `npm run cli -- <command> [options]`. Each command uses the same configuration
 * (environment) and database as the server; bad input prints a readable message and exits with 1.
 */
import { newPasswordSchema, emailSchema } from '@shared/schemas/auth';
import { NAME_MAX_LENGTH } from '@shared/constants';
import { hashPassword } from './auth/password';
import { grantAdmin, revokeAdmin } from './auth/roles';
import { findUserByEmail, insertUser, listUsers, markEmailVerified, setPasswordHash } from './auth/users';
import { seedDemoPosts } from './blog/seed';
import { parseConfig } from './config';
import type { Db } from './db/connect';
import { systemClock } from './lib/clock';
import { createLogger } from './lib/logger';
import { startRuntime } from './runtime';

class UsageError extends Error {}

type Command = { usage: string; summary: string; run(db: Db, args: Args): Promise<void> };
type Args = { positional: string[]; options: Record<string, string> };

function parseArgs(argv: string[]): Args {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`--${name} needs a value`);
      options[name] = value;
    } else positional.push(arg);
  }
  return { positional, options };
}

function validEmail(value: string | undefined): string {
  const result = emailSchema.safeParse(value ?? '');
  if (!result.success) throw new UsageError(`"${value ?? ''}" is not a valid e-mail address`);
  return result.data;
}

async function existingUser(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new UsageError(`No user with the e-mail address ${email}`);
  return user;
}

const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

const commands: Record<string, Command> = {
  'admin:create': {
    usage: 'admin:create --email E --password P [--first-name F --last-name L]',
    summary: 'create a verified admin, or make an existing user admin',
    async run(db, { options }) {
      const email = validEmail(options.email);
      const password = newPasswordSchema.safeParse(options.password ?? '');
      if (!password.success) throw new UsageError('--password must be 6 to 128 characters long');
      const firstName = (options['first-name'] ?? 'Admin').trim();
      const lastName = (options['last-name'] ?? '').trim();
      if (firstName.length > NAME_MAX_LENGTH || lastName.length > NAME_MAX_LENGTH) throw new UsageError('names are limited to 100 characters');
      const now = systemClock.now();
      const passwordHash = await hashPassword(password.data);
      const existing = await findUserByEmail(db, email);
      if (existing) {
        await setPasswordHash(db, existing.id, passwordHash, now);
        await markEmailVerified(db, existing.id, now);
        await grantAdmin(db, existing.id, now);
        out(`${email} already had an account: password set, e-mail marked verified, admin role granted.`);
        return;
      }
      const user = await insertUser(db, { email, passwordHash, firstName, lastName, locale: 'de', verifiedAt: now }, now);
      await grantAdmin(db, user.id, now);
      out(`Created admin ${email}.`);
    },
  },
  'admin:grant': {
    usage: 'admin:grant E',
    summary: 'give an existing user the admin role',
    async run(db, { positional }) {
      const user = await existingUser(db, validEmail(positional[0]));
      await grantAdmin(db, user.id, systemClock.now());
      out(`${user.email} is now an admin.`);
    },
  },
  'admin:revoke': {
    usage: 'admin:revoke E',
    summary: 'take the admin role away',
    async run(db, { positional }) {
      const user = await existingUser(db, validEmail(positional[0]));
      const had = await revokeAdmin(db, user.id);
      out(had ? `${user.email} is no longer an admin.` : `${user.email} was not an admin.`);
    },
  },
  seed: {
    usage: 'seed',
    summary: 'add the German demo blog posts (those not there yet)',
    async run(db) {
      const added = await seedDemoPosts(db, systemClock.now());
      out(added > 0 ? `Added ${added} demo posts.` : 'The demo posts are all there already.');
    },
  },
  'users:list': {
    usage: 'users:list',
    summary: 'list all accounts with their state and role',
    async run(db) {
      const users = await listUsers(db);
      if (users.length === 0) return out('No users yet. Create the first admin with admin:create.');
      for (const user of users) {
        const state = user.email_verified_at ? 'verified' : 'unverified';
        out(`${user.email.padEnd(40)} ${`${user.first_name} ${user.last_name}`.trim().padEnd(30)} ${state.padEnd(11)} ${user.role ?? ''}`.trimEnd());
      }
    },
  },
};

function printHelp(): void {
  out(
    [
      'SchoolBox operator commands',
      '',
      'Usage: npm run cli -- <command> [options]',
      '',
      'Commands:',
      ...Object.values(commands).map((command) => `  ${command.usage.padEnd(64)} ${command.summary}`),
      `  ${'--help'.padEnd(64)} show this help`,
      '',
      'The commands use the same environment as the server (DATABASE_URL and the rest).',
    ].join('\n'),
  );
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    printHelp();
    return 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`Unknown command "${name}". Run "npm run cli -- --help" for the list.\n`);
    return 1;
  }
  const args = parseArgs(rest);
  const config = parseConfig(process.env);
  const runtime = await startRuntime(config, createLogger('warn'), systemClock, { startWorker: false });
  try {
    await command.run(runtime.db, args);
    return 0;
  } finally {
    await runtime.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
