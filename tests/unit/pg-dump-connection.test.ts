import { describe, expect, it } from 'vitest';
import { pgDumpConnection } from '@server/backup/export-postgres';
import { databaseUrlForDisplay } from '@server/db/database-url';

// pg_dump's command line is readable by every local user: the password must travel in its environment.
describe("pg_dump's connection", () => {
  it('names the database without the password, which goes in PGPASSWORD', () => {
    const { dbname, env } = pgDumpConnection('postgres://site:S3cret%40PW@db.example:5433/schoolbox?sslmode=require');
    expect(dbname).toBe('postgres://site@db.example:5433/schoolbox?sslmode=require');
    expect(env.PGPASSWORD).toBe('S3cret@PW');
  });

  it('reads the forms libpq takes that a URL parser refuses: a socket, several hosts', () => {
    const socket = pgDumpConnection('postgres://site:pw1@/schoolbox?host=/run/postgresql');
    expect(socket.dbname).toBe('postgres://site@/schoolbox?host=/run/postgresql');
    expect(socket.env.PGPASSWORD).toBe('pw1');
    const hosts = pgDumpConnection('postgresql://site:pw2@h1:5432,h2:5432/schoolbox');
    expect(hosts.dbname).toBe('postgresql://site@h1:5432,h2:5432/schoolbox');
    expect(hosts.env.PGPASSWORD).toBe('pw2');
  });

  it('sets no PGPASSWORD for an address without one (trust, .pgpass)', () => {
    const { dbname, env } = pgDumpConnection('postgres://postgres@127.0.0.1:5432/test');
    expect(dbname).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });
});

describe('a database address in a message', () => {
  it('shows *** for the password, in every form', () => {
    expect(databaseUrlForDisplay('postgres://site:hunter2@db:5432/x')).toBe('postgres://site:***@db:5432/x');
    expect(databaseUrlForDisplay('postgres://site:hunter2@/x?host=/run/postgresql')).toBe('postgres://site:***@/x?host=/run/postgresql');
    expect(databaseUrlForDisplay('sqlite:./data/app.db')).toBe('sqlite:./data/app.db');
  });
});
