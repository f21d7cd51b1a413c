/**
 * What the legal pages must go on describing after the settings stopped saying so (ADR 055): orders,
 * donations and Stripe payments the database still holds with the buyer's or donor's data, and Printful,
 * which received the orders sent to it. The shop may be closed (SHOP_ORDERS_ENABLED=false), Stripe or the
 * Printful token unset, but the data stays for ORDER_RETENTION_YEARS and a recent order's withdrawal period
 * runs on: the footer keeps the shop's legal links and the privacy policy its sections until the retention
 * job has anonymized the last of them.
 *
 * Read from the tables, not counted at checkout: a restore, an order placed by another process or the
 * retention job changes the fact without this process taking part. Each process reads it on its first
 * page, again whenever the content version moves (a page rendered at a version shows facts at least as
 * new as that version), and every LEGAL_HISTORY_REFRESH_MS on the version's regular checks; a change seen
 * there moves the content version on, so that every process reads again and the cached pages that show
 * the old fact are retired. A page rendered never waits for the refresh, only for the read after a move.
 */
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import type { ContentVersion } from '../lib/content-version';
import type { Logger } from '../lib/logger';

export type LegalHistoryFacts = {
  /** An order not made in the demo shop whose buyer is not yet anonymized. */
  shopHistory: boolean;
  /** A donation whose donor is not yet anonymized (paid or not: the data is kept either way). */
  donationHistory: boolean;
  /** Such a donation, or such an order sent to Stripe Checkout. */
  stripeHistory: boolean;
  /** Such an order sent to Printful, which received the buyer's name and address. */
  printfulHistory: boolean;
};

export const NO_LEGAL_HISTORY: LegalHistoryFacts = {
  shopHistory: false,
  donationHistory: false,
  stripeHistory: false,
  printfulHistory: false,
};

/** How long a process goes without looking whether an order came or the last buyer was anonymized. */
export const LEGAL_HISTORY_REFRESH_MS = 60_000;

export type LegalHistory = {
  /** The facts as of the current content version or later: what a page rendered now shows. */
  current(): Promise<LegalHistoryFacts>;
  /**
   * Looks again in the background when LEGAL_HISTORY_REFRESH_MS has passed since the last read; never
   * waits, never throws. Called on the content version's regular checks (runtime.ts), which come while
   * the site is visited, also when every page comes from the cache.
   */
  touch(): void;
  /** Resolves once no look started by touch() is running (for tests). */
  idle(): Promise<void>;
};

/**
 * Demo orders do not count: they make no contract (no withdrawal, nothing kept for the tax office) and
 * lose their buyer after UNPAID_RETENTION_DAYS. "Anonymized" is what retention/delete.ts's anonymizeOrders
 * and anonymizeDonations leave: no e-mail address and no link to an account or a Stripe customer.
 */
export async function readLegalHistory(db: Db): Promise<LegalHistoryFacts> {
  const keptOrders = db
    .selectFrom('orders')
    .select('id')
    .where('status', '!=', 'demo')
    .where((eb) => eb.or([eb('email', '!=', ''), eb('user_id', 'is not', null)]));
  const keptDonations = db
    .selectFrom('donations')
    .select('id')
    .where((eb) => eb.or([eb('donor_email', '!=', ''), eb('stripe_customer_id', 'is not', null)]));
  // EXISTS by the first row: most rows match while any do; a full scan only once all are anonymized.
  const shopHistory = (await keptOrders.limit(1).executeTakeFirst()) !== undefined;
  const donationHistory = (await keptDonations.limit(1).executeTakeFirst()) !== undefined;
  const paidOnline = shopHistory && (await keptOrders.where('stripe_session_id', 'is not', null).limit(1).executeTakeFirst()) !== undefined;
  const printfulHistory =
    shopHistory && (await keptOrders.where('printful_order_id', 'is not', null).limit(1).executeTakeFirst()) !== undefined;
  return { shopHistory, donationHistory, stripeHistory: donationHistory || paidOnline, printfulHistory };
}

const sameFacts = (a: LegalHistoryFacts, b: LegalHistoryFacts) =>
  a.shopHistory === b.shopHistory &&
  a.donationHistory === b.donationHistory &&
  a.stripeHistory === b.stripeHistory &&
  a.printfulHistory === b.printfulHistory;

export function createLegalHistory(deps: { db: Db; content: ContentVersion; clock: Clock; logger: Logger }): LegalHistory {
  const { db, content, clock, logger } = deps;
  /** The facts last read; `version`: the content version known before that read began. */
  let known: { facts: LegalHistoryFacts; version: number; readAt: number } | null = null;
  let reading: { version: number; facts: Promise<LegalHistoryFacts> } | null = null;
  let looking: Promise<void> | null = null;

  /** One read at a time: a caller at `version` joins a read begun at that version or a later one. */
  function read(version: number): Promise<LegalHistoryFacts> {
    if (reading && reading.version >= version) return reading.facts;
    const readAt = clock.now().getTime();
    const facts = readLegalHistory(db).then((facts) => {
      // A read for an older version that finishes late must not replace a newer one.
      if (!known || version >= known.version) known = { facts, version, readAt };
      return facts;
    });
    const entry = { version, facts };
    reading = entry;
    const done = () => {
      if (reading === entry) reading = null;
    };
    facts.then(done, done);
    return facts;
  }

  /** Reads again at the known version; a change moves the content version on for every process. */
  async function lookAgain(before: { facts: LegalHistoryFacts; version: number }): Promise<void> {
    try {
      const facts = await read(before.version);
      if (sameFacts(facts, before.facts)) return;
      logger.info('legal history changed: the legal pages follow', { ...facts });
      await content.bump();
    } catch (error) {
      // Not again at every check while the database is away: at the next refresh. A read that succeeded
      // before the bump failed has put the new facts in `known`: at this version they are the pages'
      // facts again (the cached pages show them), or the next look would find nothing changed and the
      // pages would never move on.
      if (known) {
        const facts = known.version === before.version ? before.facts : known.facts;
        known = { ...known, facts, readAt: clock.now().getTime() };
      }
      logger.warn('legal history: looking again failed; the pages show the last known facts', { error });
    }
  }

  return {
    async current() {
      const version = content.known() ?? (await content.current());
      if (known && known.version >= version) return known.facts;
      try {
        return await read(version);
      } catch (error) {
        // The database failed after the version was read: the last known facts, as the content version does.
        if (!known) throw error;
        logger.warn('legal history not readable; the pages show the last known', { error });
        return known.facts;
      }
    },
    touch() {
      // Nothing read yet: the first page reads it.
      if (!known || looking || clock.now().getTime() - known.readAt < LEGAL_HISTORY_REFRESH_MS) return;
      looking = lookAgain(known).finally(() => {
        looking = null;
      });
    },
    idle: () => looking ?? Promise.resolve(),
  };
}
