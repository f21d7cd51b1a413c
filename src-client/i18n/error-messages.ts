import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { TRPCClientError } from '@trpc/client';
import { isAppErrorCode, type AppErrorCode } from '@shared/errors';

/** What the visitor reads for each server error code (src-shared/errors.ts). */
export const ERROR_MESSAGES: Record<AppErrorCode, MessageDescriptor> = {
  VALIDATION_FAILED: msg`Bitte überprüfen Sie Ihre Eingaben.`,
  ACCOUNT_EXISTS: msg`Ein Account mit dieser E-Mail-Adresse existiert bereits. Bitte loggen Sie sich ein.`,
  INVALID_CREDENTIALS: msg`Ungültige E-Mail-Adresse oder Passwort.`,
  EMAIL_NOT_VERIFIED: msg`Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in unserer E-Mail.`,
  TOKEN_INVALID: msg`Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.`,
  RATE_LIMITED: msg`Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.`,
  UNAUTHENTICATED: msg`Bitte melden Sie sich an.`,
  FORBIDDEN: msg`Dafür fehlt Ihnen die Berechtigung.`,
  FORBIDDEN_ORIGIN: msg`Die Anfrage wurde aus Sicherheitsgründen abgelehnt. Bitte laden Sie die Seite neu.`,
  NOT_FOUND: msg`Nicht gefunden.`,
  SHOP_UNAVAILABLE: msg`Der Shop ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.`,
  ORDERS_DISABLED: msg`Bestellungen sind noch nicht möglich – der Shop öffnet bald.`,
  PRODUCT_UNAVAILABLE: msg`Ein Produkt in Ihrem Warenkorb ist nicht mehr erhältlich. Bitte prüfen Sie Ihren Warenkorb.`,
  NEWSLETTER_ALREADY_SENT: msg`Dieser Newsletter wurde bereits versendet und kann nicht mehr geändert werden.`,
  EDIT_CONFLICT: msg`Jemand anderes hat das inzwischen geändert. Ihre Eingaben sind noch da: Bitte prüfen Sie sie und speichern Sie erneut.`,
  FORM_EXPIRED: msg`Das Formular ist abgelaufen. Bitte senden Sie Ihre Nachricht noch einmal.`,
  FORM_TOO_LARGE: msg`Ihre Eingaben waren zu lang und wurden nicht gesendet. Bitte kürzen Sie den Text und senden Sie das Formular noch einmal.`,
  WRONG_PASSWORD: msg`Das Passwort ist nicht richtig.`,
  EMAIL_TAKEN: msg`Diese E-Mail-Adresse wird bereits für ein Konto verwendet.`,
  LAST_ADMIN: msg`Sie sind die einzige Administratorin bzw. der einzige Administrator. Ernennen Sie zuerst eine weitere Person zum Admin, dann können Sie Ihr Konto löschen.`,
  WITHDRAWAL_ORDER_UNKNOWN: msg`Wir finden keine Bestellung mit dieser Bestellnummer und dieser E-Mail-Adresse. Bitte prüfen Sie die Bestellnummer in Ihrer Bestellbestätigung und die E-Mail-Adresse, mit der Sie bestellt haben, oder schreiben Sie uns eine E-Mail.`,
  WITHDRAWAL_ORDER_CANCELLED: msg`Diese Bestellung ist bereits storniert: Sie wurde nicht bezahlt, oder wir haben den Betrag erstattet. Es gibt daher nichts zu widerrufen – es wird nichts versandt, und Sie müssen nichts zurücksenden. Bei Fragen schreiben Sie uns eine E-Mail.`,
  DONATIONS_OFFLINE: msg`Online-Spenden sind gerade nicht eingerichtet. Bitte überweisen Sie Ihre Spende oder schreiben Sie uns.`,
  ORDER_NOT_CANCELLABLE: msg`Diese Bestellung kann hier nicht storniert werden: Sie ist nicht online bezahlt, schon storniert oder bereits in Produktion. Bitte in Printful und Stripe prüfen.`,
  PAYMENT_PROVIDER_UNAVAILABLE: msg`Der Zahlungsdienst ist gerade nicht erreichbar. Es wurde nichts abgebucht. Bitte versuchen Sie es in ein paar Minuten erneut.`,
  TWO_FACTOR_REQUIRED: msg`Bitte richten Sie zuerst die Zwei-Faktor-Anmeldung für Ihr Konto ein.`,
  TWO_FACTOR_CODE_INVALID: msg`Der Code ist nicht richtig oder wurde schon verwendet.`,
  SIGN_IN_EXPIRED: msg`Die Anmeldung ist abgelaufen. Bitte melden Sie sich noch einmal mit Ihrem Passwort an.`,
  TWO_FACTOR_ALREADY_ENABLED: msg`Die Zwei-Faktor-Anmeldung ist für Ihr Konto bereits eingeschaltet.`,
  TWO_FACTOR_NOT_ENABLED: msg`Die Zwei-Faktor-Anmeldung ist für Ihr Konto nicht eingeschaltet.`,
  // The same words as a picture upload's refusal (src-server/media/refusals.ts): one catalog entry.
  STORAGE_FULL: msg`Der Speicher des Servers ist voll, daher wurde nichts gespeichert. Bitte wenden Sie sich an den Betreiber der Website.`,
  INTERNAL: msg`Ein unerwarteter Fehler ist aufgetreten.`,
};

/** What the visitor reads when our server could not be reached at all (offline, connection reset): nothing was answered. */
export const NETWORK_FAILURE_MESSAGE: MessageDescriptor = msg`Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.`;

/**
 * True when a call got no answer from our server: the browser's fetch failed (offline, connection reset,
 * DNS), which it reports as a TypeError, so tRPC's error carries no error data from the server.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TRPCClientError && error.data == null && error.cause instanceof TypeError;
}

/**
 * The app error code a failed call carries, or null for a network failure or an unexpected answer: from
 * the answer's data in the browser, or from the procedure's own error (an AppError as the tRPC error's
 * cause) while the server renders the page and calls the procedure directly.
 */
export function appErrorCode(error: unknown): AppErrorCode | null {
  if (error instanceof TRPCClientError) {
    const code = (error.data as { appCode?: unknown } | undefined)?.appCode;
    return isAppErrorCode(code) ? code : null;
  }
  const cause = (error as { cause?: { code?: unknown } } | null | undefined)?.cause?.code;
  return isAppErrorCode(cause) ? cause : null;
}

/** The refusal of a form posted without scripts (its code from the page's form state), as appErrorCode reads an error. */
export function postedRefusal(code: AppErrorCode): { cause: { code: AppErrorCode } } {
  return { cause: { code } };
}

/**
 * The translated message for a failed call: the server's code, else "Keine Verbindung zum Server …" when
 * no answer came, else `fallback` (by default "Ein unerwarteter Fehler …").
 */
export function errorMessageFor(error: unknown, fallback: MessageDescriptor = ERROR_MESSAGES.INTERNAL): MessageDescriptor {
  const code = appErrorCode(error);
  if (code) return ERROR_MESSAGES[code];
  return isNetworkFailure(error) ? NETWORK_FAILURE_MESSAGE : fallback;
}

/**
 * The toast of a failed call where the spec names its own title and text (the admin dashboard): the
 * spec's words first, then what the server's answer means ("Dafür fehlt Ihnen die Berechtigung.").
 */
export function failureToast(i18n: I18n, title: string, error: unknown, text?: string) {
  const reason = i18n._(errorMessageFor(error));
  return { color: 'red', title, message: text ? `${text} ${reason}` : reason } as const;
}
