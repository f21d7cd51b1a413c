import { t } from '@lingui/core/macro';
import { MEDIA_MAX_BYTES, MEDIA_MAX_INPUT_PIXELS } from '@shared/constants';
import { i18nFor } from '../lib/i18n';

/** Why an upload was refused; the answer names the code and says it in the uploader's language. */
export type MediaRefusalCode =
  | 'NO_FILE'
  | 'TOO_LARGE'
  | 'UNSUPPORTED_TYPE'
  | 'TOO_MANY_PIXELS'
  | 'UNREADABLE'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  /** An admin without a second factor while ADMIN_2FA_REQUIRED is set (ADR 041). */
  | 'TWO_FACTOR_REQUIRED'
  /** The picture could not be stored: the server's disk (or the database's) is full (db/storage-full.ts). */
  | 'STORAGE_FULL';

export class MediaRefusal extends Error {
  constructor(readonly code: MediaRefusalCode) {
    super(`upload refused: ${code}`);
  }
}

export const MEDIA_REFUSAL_STATUS: Record<MediaRefusalCode, 400 | 401 | 403 | 413 | 415 | 507> = {
  NO_FILE: 400,
  TOO_LARGE: 413,
  UNSUPPORTED_TYPE: 415,
  TOO_MANY_PIXELS: 413,
  UNREADABLE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  TWO_FACTOR_REQUIRED: 403,
  // 507 Insufficient Storage: the server cannot store it, whatever the picture.
  STORAGE_FULL: 507,
};

export function mediaRefusalMessage(code: MediaRefusalCode, locale: string): string {
  const i18n = i18nFor(locale);
  const megabytes = Math.round(MEDIA_MAX_BYTES / (1024 * 1024));
  const megapixels = Math.round(MEDIA_MAX_INPUT_PIXELS / 1_000_000);
  switch (code) {
    case 'NO_FILE':
      return t(i18n)`Bitte wählen Sie eine Bilddatei aus.`;
    case 'TOO_LARGE':
      return t(i18n)`Die Datei ist zu groß. Erlaubt sind höchstens ${megabytes} MB.`;
    case 'UNSUPPORTED_TYPE':
      return t(i18n)`Diese Datei ist kein Bild im Format JPEG, PNG, WebP oder AVIF.`;
    case 'TOO_MANY_PIXELS':
      return t(i18n)`Das Bild hat zu viele Pixel. Erlaubt sind höchstens ${megapixels} Megapixel.`;
    case 'UNREADABLE':
      return t(i18n)`Das Bild konnte nicht gelesen werden. Die Datei ist vielleicht beschädigt.`;
    case 'UNAUTHENTICATED':
      return t(i18n)`Bitte melden Sie sich an, um Bilder hochzuladen.`;
    case 'FORBIDDEN':
      return t(i18n)`Nur Admins dürfen Bilder hochladen.`;
    case 'TWO_FACTOR_REQUIRED':
      return t(i18n)`Bitte richten Sie zuerst die Zwei-Faktor-Anmeldung für Ihr Konto ein.`;
    case 'STORAGE_FULL':
      // The same words as the client's STORAGE_FULL (src-client/i18n/error-messages.ts): one catalog entry.
      return t(
        i18n,
      )`Der Speicher des Servers ist voll, daher wurde nichts gespeichert. Bitte wenden Sie sich an den Betreiber der Website.`;
  }
}
