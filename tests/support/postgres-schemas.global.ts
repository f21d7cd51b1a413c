import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The name every pooled test schema of this run starts with (tests/support/test-database.ts). */
    pooledSchemaPrefix: string;
  }
}

/**
 * Vitest's global setup, once per project and run: a name prefix for the run's pooled PostgreSQL schemas,
 * and at the end the schemas of that prefix dropped (a worker's idle ones, and any a test left open).
 * A prefix per run, so that two runs against one server never drop each other's schemas.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const prefix = `test_pool_${randomUUID().slice(0, 8)}_`;
  project.provide('pooledSchemaPrefix', prefix);
  return async () => {
    const base = process.env.TEST_DATABASE_URL;
    if (!base?.startsWith('postgres')) return;
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>('select nspname as name from pg_namespace where starts_with(nspname, $1)', [
        prefix,
      ]);
      for (const { name } of rows) await client.query(`DROP SCHEMA ${name} CASCADE`);
    } finally {
      await client.end();
    }
  };
}
