/**
 * Archive names and rotation: `schoolbox-backup-2026-03-02T10-00-00-000Z.jsonl.gz`, a UTC timestamp
 * that sorts as text; rotation keeps the newest BACKUP_KEEP archives of that pattern in the folder (and
 * their `.sha256` files) and never touches anything else there.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const PREFIX = 'schoolbox-backup-';
const SUFFIX = '.jsonl.gz';
const NAME_PATTERN = /^schoolbox-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.jsonl\.gz$/;

export function archiveName(at: Date): string {
  return `${PREFIX}${at.toISOString().replace(/[:.]/g, '-')}${SUFFIX}`;
}

/** The folder's archives, oldest first. */
export function listArchives(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => NAME_PATTERN.test(name))
    .sort();
}

/** Removes all but the newest `keep` archives; the names removed. */
export function rotateArchives(dir: string, keep: number): string[] {
  const archives = listArchives(dir);
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) {
    rmSync(join(dir, name), { force: true });
    rmSync(join(dir, `${name}.sha256`), { force: true });
  }
  return removed;
}
