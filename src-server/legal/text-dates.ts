/**
 * The "Stand" of the shop's terms and withdrawal information. TERMS_DATE and WITHDRAWAL_DATE date the
 * templates, but the texts also follow settings — Stripe on or off changes § 3 and § 6 of the terms,
 * KLEINUNTERNEHMER § 3 and § 4, the delivery days, the return address … — and a text changed that way
 * must not go on under its old date. So the database keeps, for each document, a fingerprint of its text
 * as the settings render it, and the day (Europe/Berlin) a different text was first seen. The date shown
 * is the later of the constant and that day.
 *
 * Checked once at each start (runtime.ts): settings change only with a restart. Several processes may
 * share one PostgreSQL database: the write is one upsert that changes the row only when the fingerprint
 * differs, so processes starting together with the same settings record the day once and agree on it,
 * and a start with unchanged settings never moves it.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { TERMS_DATE, WITHDRAWAL_DATE } from '@shared/legal/shop-terms';
import { termsTemplates } from '@shared/legal/terms';
import { withdrawalTemplates } from '@shared/legal/withdrawal';
import type { LegalTemplates } from '@shared/legal/document';
import { LOCALES } from '@shared/locales';
import type { Config } from '../config';
import { getAppState } from '../db/app-state';
import type { Db } from '../db/connect';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { teamDate } from '../lib/team-time';
import { legalDetails } from '../site/legal-details';

export type LegalTextDates = Config['shopTerms']['textDates'];

type TextDocument = keyof LegalTextDates;

const DOCUMENTS: Record<TextDocument, { key: string; templates: LegalTemplates; since: string }> = {
  terms: { key: 'legal:terms_text', templates: termsTemplates, since: TERMS_DATE },
  withdrawal: { key: 'legal:withdrawal_text', templates: withdrawalTemplates, since: WITHDRAWAL_DATE },
};

/** A sha256 in hex: the first characters of the stored value. */
const FINGERPRINT_LENGTH = 64;

/**
 * What a document says under these settings, as a sha256: its rendering in every language (the date is
 * not part of it; the page adds it). Every language, so that a template edited in one alone counts too.
 */
export function legalTextFingerprint(config: Config, document: TextDocument): string {
  const details = legalDetails(config);
  const { templates } = DOCUMENTS[document];
  const renderings = LOCALES.map((locale) => templates[locale](details));
  return createHash('sha256').update(JSON.stringify(renderings)).digest('hex');
}

/**
 * Records this process's texts and returns their dates. The stored value is the fingerprint, followed by
 * the day it was first seen when that day counts: on the very first check (an installation new to this,
 * with nothing stored) the fingerprint alone, since the constant dates the text as it stands.
 */
export async function settleLegalTextDates(deps: { db: Db; config: Config; clock: Clock; logger: Logger }): Promise<LegalTextDates> {
  const today = teamDate(deps.clock.now().toISOString());
  const dates = {} as LegalTextDates;
  for (const document of Object.keys(DOCUMENTS) as TextDocument[]) {
    dates[document] = await settleDocument(deps, document, today);
  }
  return dates;
}

async function settleDocument(
  { db, config, logger }: { db: Db; config: Config; logger: Logger },
  document: TextDocument,
  today: string,
): Promise<string> {
  const { key, since } = DOCUMENTS[document];
  const fingerprint = legalTextFingerprint(config, document);
  // Only a different text overwrites the row (on PostgreSQL the conflict locks it and the condition is
  // read again): a process that starts with the same text at the same moment, or on a later day, leaves
  // the first one's day in place, and none flips it back and forth.
  const written = await db
    .insertInto('app_state')
    .values({ key, value: fingerprint })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ value: `${fingerprint} ${today}` })
        .where(sql<string>`substr(app_state.value, 1, ${sql.lit(FINGERPRINT_LENGTH)})`, '<>', fingerprint),
    )
    .executeTakeFirst();
  const stored = await getAppState(db, key);
  if (stored === null || !stored.startsWith(fingerprint)) {
    // Another process wrote another text since (its settings differ): ours counts as changed today.
    logger.warn('another process runs with settings that render this legal text differently', { document });
    return laterDate(since, today);
  }
  // The row as ours or a parallel start with the same text left it: the day that text was first seen, if any.
  const changedOn = stored.slice(FINGERPRINT_LENGTH + 1) || null;
  const shown = laterDate(since, changedOn);
  if (changedOn !== null && Number(written.numInsertedOrUpdatedRows ?? 0) > 0) {
    logger.info('a setting changed this legal text: its date ("Stand") moves', { document, changedOn, shown });
  }
  return shown;
}

/** The later of two YYYY-MM-DD days (they compare as strings); a missing one does not count. */
function laterDate(day: string, other: string | null): string {
  return other !== null && other > day ? other : day;
}
