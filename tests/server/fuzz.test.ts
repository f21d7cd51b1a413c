/**
 * Property-based fuzzing of the whole API over real HTTP. The test walks the app router, so every
 * procedure is covered, including ones added after this test was written, and calls each with
 * generated inputs (valid ones from its zod schema and invalid ones) as an anonymous visitor, a signed-in
 * user and an admin. For every call:
 * - no 5xx and no INTERNAL error (bad input is the caller's fault, answered with a 4xx);
 * - the authorization matrix holds, read from the procedure's declared access (src-server/trpc.ts):
 *   an anonymous caller of a 'user' or 'admin' procedure gets 401 UNAUTHENTICATED, a plain user of an
 *   'admin' procedure 403 FORBIDDEN, whatever the input;
 * and afterwards the process is healthy (/healthz 200) and logged no error.
 * Then every string an input holds, however deep, gets a NUL, one at a time: stripped or refused by the
 * schema, never a 5xx. It runs on SQLite and on PostgreSQL (which refuses NUL in text where SQLite stores
 * it): on both, the database never had to refuse a text, and no stored text holds a control character.
 * Rate limits do bite during the run; a 429 is a correct answer. The run is bounded: about
 * CALL_BUDGET generated calls in all, spread over the procedures.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '@server/auth/roles';
import { appRouter } from '@server/router';
import type { ProcedureAccess } from '@server/trpc';
import { createUser, sessionCookie } from '../support/accounts';
import { ownTables } from '../support/test-database';
import { invalidInput, stringPaths, validInput, withStringAt } from '../support/input-arbitraries';
import { listProcedures, type ProcedureInfo } from '../support/router-walk';
import { startTestApp, type TestApp } from '../support/test-app';

const CALL_BUDGET = 300;
const MIN_RUNS_PER_PROCEDURE = 4;
/** Valid inputs per procedure that each string of gets a NUL (a few, so that optional fields show up). */
const NUL_SAMPLES = 4;
const ROLES = ['anonymous', 'user', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Answer = { status: number; appCode: string | null };

const procedures = await listProcedures(appRouter);
const runsPerProcedure = Math.max(MIN_RUNS_PER_PROCEDURE, Math.ceil(CALL_BUDGET / procedures.length));

let app: TestApp;
let userId: string;
let adminId: string;
let ipCounter = 0;

beforeAll(async () => {
  // Each call comes from its own address (through the one trusted proxy), so per-IP limits leave room
  // to reach the code behind them; per-address limits still answer 429 now and then.
  app = await startTestApp({ TRUST_PROXY: 'true' });
  userId = (await createUser(app)).user.id;
  adminId = (await createUser(app, { admin: true })).user.id;
});
afterAll(() => app?.close());

/** One call over HTTP as `role`, with a fresh session (a call may sign out or change the roles). */
async function call(procedure: ProcedureInfo, role: Role, input: unknown): Promise<Answer> {
  const headers: Record<string, string> = {
    'x-forwarded-for': `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`,
  };
  if (role !== 'anonymous') {
    if (role === 'admin') await grantAdmin(app.db, adminId, app.clock.now());
    headers.cookie = await sessionCookie(app, role === 'admin' ? adminId : userId);
  }
  const encoded = input === undefined ? undefined : JSON.stringify(input);
  const response =
    procedure.type === 'query'
      ? await app.request(`/api/trpc/${procedure.path}${encoded === undefined ? '' : `?input=${encodeURIComponent(encoded)}`}`, { headers })
      : await app.request(`/api/trpc/${procedure.path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: encoded,
        });
  const text = await response.text();
  let appCode: string | null = null;
  try {
    appCode = (JSON.parse(text) as { error?: { data?: { appCode?: string | null } } }).error?.data?.appCode ?? null;
  } catch {
    // Not JSON (e.g. Node refusing an oversized URL): the status alone tells.
  }
  return { status: response.status, appCode };
}

/** What is wrong with an answer, or null: the properties every call must have. */
function problemWith(access: ProcedureAccess, role: Role, answer: Answer): string | null {
  if (answer.status >= 500 || answer.appCode === 'INTERNAL') return 'a server error';
  // A query string too long for Node's HTTP parser is refused before the app sees the request.
  if (answer.status === 431 || answer.status === 414) return null;
  if (role === 'anonymous' && access !== 'public' && (answer.status !== 401 || answer.appCode !== 'UNAUTHENTICATED')) {
    return `anonymous caller of a '${access}' procedure not refused with 401 UNAUTHENTICATED`;
  }
  if (role === 'user' && access === 'admin' && (answer.status !== 403 || answer.appCode !== 'FORBIDDEN')) {
    return "plain user of an 'admin' procedure not refused with 403 FORBIDDEN";
  }
  return null;
}

const describeAnswer = (answer: Answer) => `${answer.status} ${answer.appCode ?? '-'}`;

/** What the schemas keep out of the database: every control character but \n and \t (and \r\n in a queued mail). */
const STORED_CONTROL_CHARACTER = /(?![\n\r\t])[\p{Cc}\u2028\u2029]/u;

describe('fuzzing every procedure of the app router', () => {
  it('finds the procedures, each with a declared access', () => {
    expect(procedures.length).toBeGreaterThan(10);
    expect(procedures.map((p) => p.path)).toEqual(expect.arrayContaining(['auth.signIn', 'auth.signOut', 'blog.create', 'site.config']));
    // A procedure must be built from publicProcedure, authedProcedure or adminProcedure.
    expect(procedures.filter((p) => !p.access).map((p) => p.path)).toEqual([]);
    expect(procedures.filter((p) => p.type !== 'query' && p.type !== 'mutation').map((p) => p.path)).toEqual([]);
  });

  it.each(procedures.map((procedure) => [procedure.path, procedure] as const))(
    '%s: the authorization matrix holds and no input makes it fail',
    async (_, procedure) => {
      const access = procedure.access ?? 'admin';

      // The matrix with the emptiest input: the guards answer before the input is read.
      for (const role of ROLES) {
        const answer = await call(procedure, role, procedure.input ? {} : undefined);
        expect(problemWith(access, role, answer), `${role}: ${describeAnswer(answer)}`).toBeNull();
        const allowed = access === 'public' || (access === 'user' && role !== 'anonymous') || role === 'admin';
        // An allowed caller gets past the guard (whatever the procedure then makes of the input).
        if (allowed) expect(['UNAUTHENTICATED', 'FORBIDDEN'], `${role}: ${describeAnswer(answer)}`).not.toContain(answer.appCode);
      }

      const input = procedure.input ? fc.oneof(validInput(procedure.input), invalidInput(procedure.input)) : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...ROLES), input, async (role, value) => {
          const answer = await call(procedure, role, value);
          const problem = problemWith(access, role, answer);
          if (problem) throw new Error(`${procedure.path} as ${role}: ${problem} (got ${describeAnswer(answer)})`);
        }),
        { numRuns: runsPerProcedure, endOnFailure: true },
      );
    },
    120_000,
  );

  it.each(procedures.filter((procedure) => procedure.input).map((procedure) => [procedure.path, procedure] as const))(
    '%s: a NUL in any one of its strings is stripped or refused, never a server error',
    async (_, procedure) => {
      // A few valid inputs, so that optional strings and each branch of a union show up.
      const samples = fc.sample(validInput(procedure.input as NonNullable<ProcedureInfo['input']>), { numRuns: NUL_SAMPLES, seed: 21 });
      for (const sample of samples) {
        for (const path of stringPaths(sample)) {
          // At the end, where it passes a check of how the text starts ("https://", "/media/").
          const input = withStringAt(sample, path, (text) => `${text}\u0000`);
          const answer = await call(procedure, 'admin', input);
          expect(answer.status >= 500 || answer.appCode === 'INTERNAL', `${path.join('.')}: ${describeAnswer(answer)}`).toBe(false);
        }
      }
    },
    120_000,
  );

  it('leaves the process healthy, without an error in its log', async () => {
    expect((await app.request('/healthz')).status).toBe(200);
    expect(app.logs.filter((line) => line.level === 'error')).toEqual([]);
    // The schemas, not the database's backstop (db/invalid-text.ts), kept NUL and its kind out.
    expect(app.logs.filter((line) => line.msg === 'the database refused the text of a request')).toEqual([]);
  });

  it('stored no control character anywhere (but the line breaks and tabs of longer text)', async () => {
    const found: string[] = [];
    for (const table of await ownTables(app.db)) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(app.db);
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          if (typeof value === 'string' && STORED_CONTROL_CHARACTER.test(value))
            found.push(`${table.name}.${column}: ${JSON.stringify(value)}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
