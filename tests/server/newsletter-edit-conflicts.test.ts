/**
 * Two admins on one newsletter draft: as with blog posts, a save names the version its form loaded, and
 * another admin's save since then refuses it (EDIT_CONFLICT) instead of overwriting it unseen; "send"
 * with the version the admin saw sends that or nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdminNewsletter } from '@shared/schemas/newsletter';
import { createUser } from '../support/accounts';
import { callerFor, failureOf, type TestCaller } from '../support/caller';
import { startTestRuntime, type TestRuntime } from '../support/test-runtime';

let runtime: TestRuntime;
let maria: TestCaller;
let bea: TestCaller;

beforeEach(async () => {
  runtime = await startTestRuntime();
  maria = await callerFor(runtime, (await createUser(runtime, { admin: true, firstName: 'Maria', lastName: 'Montessori' })).user);
  bea = await callerFor(runtime, (await createUser(runtime, { admin: true, firstName: 'Bea', lastName: 'Zweite' })).user);
});
afterEach(() => runtime.close());

const CONTENT = { subjectDe: 'Neues aus dem Pilotprojekt', bodyDe: 'Liebe Freundinnen und Freunde,\n\ndie erste SchoolBox steht.' };

const stored = (id: string) => runtime.db.selectFrom('newsletters').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a newsletter draft saved from an older version', () => {
  it("is refused with the draft as it is now; the other admin's text stays", async () => {
    const draft = await maria.newsletter.create(CONTENT);
    expect(draft.version).toBe(1);
    const byBea = await bea.newsletter.update({ id: draft.id, version: draft.version, ...CONTENT, subjectDe: 'Von Bea' });
    expect(byBea.version).toBe(2);

    const failure = await failureOf(maria.newsletter.update({ id: draft.id, version: draft.version, ...CONTENT, bodyDe: 'Von Maria' }));
    expect(failure).toMatchObject({ code: 'CONFLICT', httpStatus: 409, appCode: 'EDIT_CONFLICT' });
    expect((failure.details as { current: AdminNewsletter }).current).toMatchObject({ subjectDe: 'Von Bea', version: 2, status: 'draft' });
    expect(await stored(draft.id)).toMatchObject({ subject_de: 'Von Bea', body_de: CONTENT.bodyDe, version: 2 });

    // Saved over the version the refusal named: taken.
    const saved = await maria.newsletter.update({ id: draft.id, version: 2, subjectDe: 'Von Bea', bodyDe: 'Von Maria' });
    expect(saved).toMatchObject({ subjectDe: 'Von Bea', bodyDe: 'Von Maria', version: 3 });
  });

  it('of 10 saves from the same version at once, exactly one is taken', async () => {
    const draft = await maria.newsletter.create(CONTENT);
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        (index % 2 ? bea : maria).newsletter.update({ id: draft.id, version: draft.version, ...CONTENT, subjectDe: `Fassung ${index}` }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await stored(draft.id)).version).toBe(2);
  });

  it('a sent newsletter still answers NEWSLETTER_ALREADY_SENT, whatever version the form had', async () => {
    const draft = await maria.newsletter.create(CONTENT);
    await maria.newsletter.send({ id: draft.id, version: draft.version });
    const failure = await failureOf(maria.newsletter.update({ id: draft.id, version: draft.version, ...CONTENT }));
    expect(failure.appCode).toBe('NEWSLETTER_ALREADY_SENT');
  });

  it('a version beyond what the column holds is a refused input, not a server error (PostgreSQL: integer)', async () => {
    const draft = await maria.newsletter.create(CONTENT);
    for (const version of [2 ** 31, Number.MAX_SAFE_INTEGER]) {
      expect(await failureOf(maria.newsletter.update({ id: draft.id, version, ...CONTENT }))).toMatchObject({
        httpStatus: 400,
        appCode: 'VALIDATION_FAILED',
      });
      expect(await failureOf(maria.newsletter.send({ id: draft.id, version }))).toMatchObject({
        httpStatus: 400,
        appCode: 'VALIDATION_FAILED',
      });
    }
    expect(await stored(draft.id)).toMatchObject({ status: 'draft', version: 1 });
  });
});

describe('"send" with the version the admin saw', () => {
  it('sends nothing when another admin changed the draft since; sends it once the admin has seen that version', async () => {
    const draft = await maria.newsletter.create(CONTENT);
    await bea.newsletter.update({ id: draft.id, version: draft.version, ...CONTENT, bodyDe: 'Ungeprüfter Text' });

    const failure = await failureOf(maria.newsletter.send({ id: draft.id, version: draft.version }));
    expect(failure.appCode).toBe('EDIT_CONFLICT');
    expect(await stored(draft.id)).toMatchObject({ status: 'draft', send_started_at: null });
    const audit = await runtime.db.selectFrom('audit_log').select('action').where('action', '=', 'newsletter.sent').execute();
    expect(audit).toEqual([]);

    const current = (failure.details as { current: AdminNewsletter }).current;
    const { newsletter } = await maria.newsletter.send({ id: draft.id, version: current.version });
    expect(newsletter.status).not.toBe('draft');
    // A second click (with the version from before the first) changes nothing and is no error.
    await maria.newsletter.send({ id: draft.id, version: current.version });
  });

  it('without a version sends what is stored, as before', async () => {
    const draft = await maria.newsletter.create(CONTENT);
    await bea.newsletter.update({ id: draft.id, version: draft.version, ...CONTENT, bodyDe: 'Neuer Text' });
    const { newsletter } = await maria.newsletter.send({ id: draft.id });
    expect(newsletter).toMatchObject({ bodyDe: 'Neuer Text' });
    expect(newsletter.status).not.toBe('draft');
  });
});
