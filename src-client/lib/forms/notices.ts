import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { NoticeKey } from '@shared/forms';

/**
 * What the page after a form posted without scripts says (PageNotice): the same words the script path
 * shows in its toast or alert for that outcome. null: the page shows the outcome itself, in the form's
 * own place (ContactForm's thank-you, the success of an e-mailed link's page), so PageNotice says nothing.
 */
export const NOTICE_MESSAGES: Record<NoticeKey, MessageDescriptor | null> = {
  'signIn.done': msg`Willkommen zurück!`,
  'signUp.checkMail': msg`Bitte überprüfen Sie Ihre E-Mail für den Bestätigungslink.`,
  'verification.resent': msg`Wir haben Ihnen einen neuen Bestätigungslink geschickt.`,
  'forgotPassword.sent': msg`Falls es ein Konto mit dieser Adresse gibt, haben wir Ihnen einen Link zum Festlegen eines neuen Passworts geschickt. Er ist eine Stunde gültig.`,
  'resetPassword.done': msg`Ihr neues Passwort gilt ab sofort. Alle Anmeldungen wurden aus Sicherheitsgründen beendet.`,
  'contact.sent': null,
  // The newsletter block's own words (NewsletterBlock).
  'newsletter.checkMail': msg`Bitte bestätigen Sie Ihr Abonnement über den Link in der E-Mail, die wir Ihnen gerade geschickt haben.`,
  'unsubscribe.done': null,
  // The withdrawal page shows the receipt in the form's place (WithdrawalDeclarationPage).
  'withdrawal.received': null,
  // The page of the e-mailed link says it in its own place (EmailLinkPage's success).
  'newsletter.confirmed': null,
  'verifyEmail.done': null,
  'emailChange.done': null,
};
