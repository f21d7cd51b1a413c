/**
 * /healthz's free-space probe and the folders it watches (http/health.ts): BACKUP_DIR on either engine,
 * the SQLite database's folder, and a BACKUP_DIR that the first backup has not made yet is measured on the
 * disk it will be made on, rather than failing every check.
 */
import { statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldersFilled, freeSpaceOnDisk } from '@server/http/health';

describe('foldersFilled', () => {
  it('is the SQLite database’s folder and BACKUP_DIR; on PostgreSQL only BACKUP_DIR', () => {
    expect(foldersFilled('sqlite:/srv/site/data/app.db', null)).toEqual(['/srv/site/data']);
    expect(foldersFilled('sqlite:/srv/site/data/app.db', '/srv/backups')).toEqual(['/srv/site/data', '/srv/backups']);
    expect(foldersFilled('sqlite:/srv/site/data/app.db', '/srv/site/data')).toEqual(['/srv/site/data']);
    expect(foldersFilled('postgres://site@db/site', '/srv/backups')).toEqual(['/srv/backups']);
    expect(foldersFilled('postgres://site@db/site', 'backups')).toEqual([resolve('backups')]);
    expect(foldersFilled('postgres://site@db/site', null)).toEqual([]);
  });
});

describe('freeSpaceOnDisk', () => {
  it('measures a folder not made yet on the disk of the nearest one that exists', async () => {
    const stats = await statfs(tmpdir());
    const free = await freeSpaceOnDisk(join(tmpdir(), `schoolbox-no-such-folder-${process.pid}`, 'backups'));
    // Free space moves as other processes write: the same disk, within a few megabytes.
    expect(Math.abs(free - stats.bavail * stats.bsize)).toBeLessThan(64 * 1024 * 1024);
  });
});
