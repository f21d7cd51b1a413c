/** The subscriber list as admins see it: a page of addresses with the counts, and the whole list as CSV. */
import { NEWSLETTER_SUBSCRIBERS_PAGE_SIZE } from '@shared/constants';
import type { AdminSubscriber, SubscriberList } from '@shared/schemas/newsletter';
import type { Db } from '../db/connect';
import { toCsv, UTF8_BOM } from '../lib/csv';
import { teamDate } from '../lib/team-time';
import { unsubscribedCount } from './leaving';

type SubscriberRow = { id: string; email: string; locale: string; confirmed_at: string | null; created_at: string };

const toAdminSubscriber = (row: SubscriberRow): AdminSubscriber => ({
  id: row.id,
  email: row.email,
  locale: row.locale,
  confirmed: row.confirmed_at !== null,
  confirmedAt: row.confirmed_at,
  createdAt: row.created_at,
});

const newestFirst = (db: Db) =>
  db
    .selectFrom('newsletter_subscribers')
    .select(['id', 'email', 'locale', 'confirmed_at', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id');

export async function listSubscribers(db: Db, page: number): Promise<SubscriberList> {
  const pageSize = NEWSLETTER_SUBSCRIBERS_PAGE_SIZE;
  const rows = await newestFirst(db)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const counts = await db
    .selectFrom('newsletter_subscribers')
    .select((eb) => [eb.fn.countAll<number>().as('total'), eb.fn.count<number>('confirmed_at').as('confirmed')])
    .executeTakeFirstOrThrow();
  return {
    subscribers: rows.map(toAdminSubscriber),
    page,
    pageSize,
    total: Number(counts.total),
    confirmed: Number(counts.confirmed),
    unsubscribed: await unsubscribedCount(db),
  };
}

/**
 * Every subscriber as CSV: address, language, confirmed (yes/no), confirmed at, signed up at, and the
 * proof of consent (consents.ts): the sign-up's and the confirmation's IP and the privacy-policy
 * version shown (empty for addresses from before consent records existed). UTF-8 with a BOM for spreadsheet
 * programs, formula-like values defused (lib/csv.ts), like the other exports.
 */
export async function exportSubscribersCsv(db: Db, now: Date): Promise<{ filename: string; csv: string }> {
  const rows = await newestFirst(db).execute();
  const proofs = await currentConsents(db);
  const csv = toCsv([
    ['email', 'language', 'confirmed', 'confirmed_at', 'subscribed_at', 'sign_up_ip', 'confirm_ip', 'privacy_policy_version'],
    ...rows.map((row) => {
      const proof = proofs.get(row.email);
      return [
        row.email,
        row.locale,
        row.confirmed_at ? 'yes' : 'no',
        row.confirmed_at ?? '',
        row.created_at,
        proof?.sign_up_ip ?? '',
        proof?.confirm_ip ?? '',
        proof?.privacy_policy_version ?? '',
      ];
    }),
  ]);
  // Named for the team's day, like the donations CSV: an export at 00:30 in Cologne is not yesterday's.
  return { filename: `newsletter-subscribers-${teamDate(now.toISOString())}.csv`, csv: `${UTF8_BOM}${csv}` };
}

/** Per address on the list, the consent record that counts: the confirmed one, else the latest sign-up. */
async function currentConsents(db: Db) {
  const records = await db
    .selectFrom('newsletter_consents')
    .select(['email', 'sign_up_ip', 'confirm_ip', 'confirmed_at', 'privacy_policy_version'])
    .where('unsubscribed_at', 'is', null)
    .orderBy('signed_up_at')
    .orderBy('id')
    .execute();
  const byEmail = new Map<string, (typeof records)[number]>();
  for (const record of records) {
    if (record.confirmed_at !== null || !byEmail.get(record.email)?.confirmed_at) byEmail.set(record.email, record);
  }
  return byEmail;
}
