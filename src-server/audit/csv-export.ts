/**
 * The audit trail of a filter as CSV, newest first: the day in the team's time zone and the exact UTC
 * time, the detail as its JSON. UTF-8 with a BOM, formula-like values defused (lib/csv.ts), like the
 * other exports. Read a page at a time, each after the last one's (created_at, id), and turned into
 * text as it comes: at 100,000 entries one read of every row held all of them at once (42 MB of row
 * objects, then their arrays and lines beside), where a page holds 2 MB. The text itself is still whole:
 * the procedure answers it as one value (the page makes the download of it).
 */
import type { AuditFilter } from '@shared/schemas/audit';
import type { Db } from '../db/connect';
import { toCsv, UTF8_BOM } from '../lib/csv';
import { teamDate } from '../lib/team-time';
import { filteredEntries } from './queries';

const CSV_HEADER = ['date', 'time_utc', 'person', 'action', 'object_type', 'object_id', 'ip', 'detail'];

/** Entries per read (about 2 MB of rows): few enough to hold, enough that the reads' round trips cost little on PostgreSQL. */
export const AUDIT_CSV_PAGE_ROWS = 5_000;

/**
 * teamDate of many instants, each UTC hour worked out once: the team's day turns over on a whole UTC
 * hour (Berlin is UTC+1 or UTC+2), so every instant of an hour has the same day. Intl's formatting of
 * each row was about a tenth of the export's time; an admin's actions come in runs within the hour.
 */
function teamDatesByHour(): (iso: string) => string {
  const known = new Map<string, string>();
  return (iso) => {
    const hour = iso.slice(0, 13);
    let day = known.get(hour);
    if (day === undefined) {
      day = teamDate(iso);
      known.set(hour, day);
    }
    return day;
  };
}

type Cursor = { created_at: string; id: string };

/** A page of the filter's entries, newest first, after `cursor` (the last row of the page before) in that order. */
function readPage(db: Db, filter: AuditFilter, cursor: Cursor | undefined, pageRows: number) {
  return (
    filteredEntries(db, filter)
      .select(['id', 'created_at', 'actor_email', 'action', 'object_type', 'object_id', 'ip', 'detail'])
      // The plain `created_at <=` lets the index of a filter (actor or action, then created_at) start there too.
      .$if(cursor !== undefined, (query) =>
        query.where((eb) => {
          const { created_at, id } = cursor as Cursor;
          return eb.and([eb('created_at', '<=', created_at), eb.or([eb('created_at', '<', created_at), eb('id', '<', id)])]);
        }),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageRows)
      .execute()
  );
}

/** `pageRows` is for the tests, which cross a page's end with a few entries. */
export async function exportAuditCsv(
  db: Db,
  filter: AuditFilter,
  now: Date,
  pageRows = AUDIT_CSV_PAGE_ROWS,
): Promise<{ filename: string; csv: string }> {
  const dayOf = teamDatesByHour();
  const parts = [UTF8_BOM, toCsv([CSV_HEADER])];
  let after: Cursor | undefined;
  for (;;) {
    const page = await readPage(db, filter, after, pageRows);
    // An empty page would add a line end of its own (toCsv of no rows).
    if (page.length > 0) {
      parts.push(
        toCsv(
          page.map((row) => [
            dayOf(row.created_at),
            row.created_at,
            row.actor_email,
            row.action,
            row.object_type,
            row.object_id,
            row.ip,
            row.detail,
          ]),
        ),
      );
    }
    if (page.length < pageRows) break;
    after = page[page.length - 1];
  }
  return { filename: `audit-log-${teamDate(now.toISOString())}.csv`, csv: parts.join('') };
}
