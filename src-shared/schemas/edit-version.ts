import { z } from './zod';

/** The largest value of an `integer` column on PostgreSQL (2³¹ − 1); SQLite's hold more. */
const SQL_INTEGER_MAX = 2_147_483_647;

/**
 * A blog post's or a newsletter draft's count of changes (migration 0023, an `integer` column): a save
 * names the one its form loaded, and another admin's change since refuses it (EDIT_CONFLICT). One rule
 * for both, bounded by the column: a number no row can hold is a refused input, not a database error.
 */
export const editVersionSchema = z.number().int().min(1).max(SQL_INTEGER_MAX);
