import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AuditAction } from '@shared/audit';

/** How each recorded action reads on /audit-admin (the select and the table). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, MessageDescriptor> = {
  'post.created': msg`Beitrag angelegt`,
  'post.edited': msg`Beitrag bearbeitet`,
  'post.published': msg`Beitrag veröffentlicht`,
  'post.unpublished': msg`Beitrag zurückgezogen`,
  'post.scheduled': msg`Beitrag geplant`,
  'post.featured': msg`Beitrag hervorgehoben`,
  'post.unfeatured': msg`Hervorhebung entfernt`,
  'post.deleted': msg`Beitrag gelöscht`,
  'newsletter.sent': msg`Newsletter versendet`,
  'newsletter.failed_resent': msg`Fehlgeschlagene Newsletter-E-Mails erneut gesendet`,
  'subscribers.exported': msg`Abonnentenliste exportiert`,
  'subscriber.deleted': msg`Abonnent gelöscht`,
  'order.cancelled': msg`Bestellung storniert`,
  'order.refunded': msg`Bestellung erstattet`,
  'order.refund_failed': msg`Erstattung einer Bestellung fehlgeschlagen`,
  'donations.exported': msg`Spenden exportiert`,
  'donation.refunded': msg`Spende erstattet`,
  'donation.partly_refunded': msg`Spende teilweise erstattet`,
  'donation.refund_failed': msg`Erstattung einer Spende fehlgeschlagen`,
  'message.answered': msg`Nachricht beantwortet`,
  'role.granted': msg`Admin-Rolle vergeben`,
  'role.revoked': msg`Admin-Rolle entzogen`,
  'backup.taken': msg`Sicherung erstellt`,
  'backup.restored': msg`Sicherung wiederhergestellt`,
  'twofactor.enabled': msg`Zwei-Faktor-Anmeldung eingeschaltet`,
  'twofactor.disabled': msg`Zwei-Faktor-Anmeldung ausgeschaltet`,
  'twofactor.reset': msg`Zweiter Faktor zurückgesetzt`,
  'admin.signed_in': msg`Admin angemeldet`,
  'admin.sign_in_failed': msg`Admin-Anmeldung fehlgeschlagen`,
  'audit.exported': msg`Protokoll exportiert`,
  'mail.resent': msg`E-Mail erneut gesendet`,
};

/** The kinds of object an entry names. */
export const AUDIT_OBJECT_LABELS: Record<string, MessageDescriptor> = {
  post: msg`Beitrag`,
  newsletter: msg`Newsletter`,
  subscriber: msg`Abonnent`,
  order: msg`Bestellung`,
  user: msg`Benutzer`,
  message: msg`Nachricht`,
  backup: msg`Sicherung`,
  mail: msg`E-Mail`,
};

/** The actors that are not a person: the operator's command line and the server itself. */
export const AUDIT_ACTOR_LABELS: Record<string, MessageDescriptor> = {
  cli: msg`Kommandozeile`,
  system: msg`System (Stripe-Ereignis, Zeitplan)`,
};
