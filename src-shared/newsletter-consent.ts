import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The consent sentence beside the newsletter's "Abonnieren" button. The form shows it and the server
 * stores it, in the sign-up's language, in the consent record (newsletter_consents.consent_text): the
 * proof must hold the exact text the visitor agreed to (legal-de.md §3.2). Changing the wording changes
 * what new records hold; old records keep the text their visitor saw.
 */
export const NEWSLETTER_CONSENT_TEXT: MessageDescriptor = msg`Mit „Abonnieren“ willige ich ein, dass mir SchoolBox etwa einmal im Monat Neuigkeiten aus dem Projekt per E-Mail schickt. Ich bin mindestens 16 Jahre alt und kann die Einwilligung jederzeit über den Abmeldelink in jeder E-Mail widerrufen.`;
