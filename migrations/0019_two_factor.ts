import type { Kysely } from 'kysely';

// Two-factor sign-in (issue 21, ADR 041). Frozen in time: no imports from application code; portable
// types only, times as ISO-8601 UTC text.
export async function up(db: Kysely<any>): Promise<void> {
  // One row per user who started setting up an authenticator app. `enabled_at` null: set up but not yet
  // confirmed with a code (sign-in does not ask for it yet). `last_used_step` is the TOTP time step of the
  // last accepted code: a code of that step or an earlier one is refused (replay within its window).
  await db.schema
    .createTable('two_factor_secrets')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('enabled_at', 'text')
    .addColumn('last_used_step', 'integer')
    .execute();

  // Ten single-use codes for a lost phone; only their SHA-256 is kept.
  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('two_factor_recovery_codes_user').on('two_factor_recovery_codes').columns(['user_id', 'code_hash']).execute();

  // The second step of a sign-in: a right password hands out one of these (hashed here) instead of a
  // session; with a right code it becomes the session. Short-lived and single-use.
  await db.schema
    .createTable('two_factor_challenges')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('two_factor_challenges_user').on('two_factor_challenges').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('two_factor_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('two_factor_secrets').execute();
}
