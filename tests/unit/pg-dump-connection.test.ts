import { describe, expect, it } from 'vitest';
import { pgDumpConnection } from '@server/backup/export-postgres';

// pg_dump's command line is readable by every local user: the password must travel in its environment.
describe("pg_dump's connection", () => {
  it('names the database without the password, which goes in PGPASSWORD', () => {
    const { dbname, env } = pgDumpConnection('postgres://site:S3cret%40PW@db.example:5433/schoolbox?sslmode=require');
    expect(dbname).toBe('postgres://site@db.example:5433/schoolbox?sslmode=require');
    expect(dbname).not.toContain('S3cret');
    expect(env.PGPASSWORD).toBe('S3cret@PW');
  });

  it('sets no PGPASSWORD for an address without one (trust, .pgpass, a socket)', () => {
    const { dbname, env } = pgDumpConnection('postgres://postgres@127.0.0.1:5432/test');
    expect(dbname).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });
});
