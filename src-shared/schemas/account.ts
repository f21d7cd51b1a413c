import { z } from './zod';
import { PASSWORD_MAX_LENGTH } from '../constants';
import { emailSchema, emailTokenSchema, localeSchema, newPasswordSchema, personNameSchema } from './auth';

/**
 * The signed-in user's own account (/account, ADR 028). The same schemas validate the tRPC inputs and
 * drive the forms; the name and the new password follow sign-up's limits.
 */

/** The password the user has now: only presence is checked (an old one may be shorter than today's minimum). */
export const currentPasswordSchema = z.string().min(1).max(PASSWORD_MAX_LENGTH);

export const changeNameSchema = z.object({ firstName: personNameSchema, lastName: personNameSchema });

export const changePasswordSchema = z.object({ currentPassword: currentPasswordSchema, newPassword: newPasswordSchema });

export const requestEmailChangeSchema = z.object({
  newEmail: emailSchema,
  currentPassword: currentPasswordSchema,
  /** The language the mails are written in: the page's. */
  locale: localeSchema,
});

export const confirmEmailChangeSchema = z.object({ token: emailTokenSchema });

export const deleteAccountSchema = z.object({
  currentPassword: currentPasswordSchema,
  /** The box "Ich möchte mein Konto endgültig löschen" must be ticked. */
  confirm: z.literal(true),
});

/** The file name of the data export: schoolbox-data-2026-03-02.json. */
export const dataExportFileName = (now: Date) => `schoolbox-data-${now.toISOString().slice(0, 10)}.json`;

/** Where the browser downloads the export (an HTTP GET with the session cookie). */
export const DATA_EXPORT_PATH = '/api/account/export';
