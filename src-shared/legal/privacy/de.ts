import { DONATION_MANAGE_LINK_LIFETIME_DAYS, SIMPLIFIED_RECEIPT_LIMIT_CENTS } from '@shared/constants';
import { formatWholeEuros } from '@shared/money';
import { box, type LegalTemplate, link, list, p, section } from '../document';
import { WITHDRAWAL_BUTTON_PATH } from '../shop-terms';
import { describedProcessing, mailLink as mail, present, sections } from './parts';

/**
 * Datenschutzerklärung, German (the source version). It describes only what this installation does:
 * a section whose feature is off is left out, and every period comes from `details.retention` (the same
 * numbers the code runs on). A template the association has reviewed by a lawyer before going live.
 */

const tage = (n: number) => (n === 1 ? '1 Tag' : `${n} Tage`);
const tagen = (n: number) => (n === 1 ? '1 Tag' : `${n} Tagen`);
const jahre = (n: number) => (n === 1 ? '1 Jahr' : `${n} Jahre`);
const sekunden = (n: number) => (n === 1 ? '1 Sekunde' : `${n} Sekunden`);

export const privacyDe: LegalTemplate = (d) => {
  const receiptLimit = formatWholeEuros(SIMPLIFIED_RECEIPT_LIMIT_CENTS);
  const { features, retention: r, storage } = d;
  const described = describedProcessing(features);
  const address = `${d.address.street}, ${d.address.postcode} ${d.address.city}, ${d.address.country}`;
  const mailServer = d.mailProvider || 'den von uns beauftragten E-Mail-Dienstleister';
  const hosting = d.hostingProvider || 'unserem Hosting-Dienstleister';

  return {
    sections: sections(
      section(
        'controller',
        'Verantwortlicher',
        p('Verantwortlich für die Verarbeitung personenbezogener Daten auf dieser Website ist:'),
        list(
          `${d.orgName} (${d.legalForm})`,
          address,
          ...d.board.map((member) => `vertreten durch ${member.name} (${member.role})`),
          ['E-Mail: ', mail(d.email)],
          `Telefon: ${d.phone}`,
        ),
        p('Weitere Angaben finden Sie in unserem ', link('/impressum', 'Impressum'), '.'),
      ),
      d.privacyContact &&
        section(
          'privacy-contact',
          'Ansprechpartner für den Datenschutz',
          p('Für alle Fragen zum Datenschutz erreichen Sie uns unter:'),
          p(d.privacyContact),
        ),
      section(
        'overview',
        'Das Wichtigste in Kürze',
        p(
          'Wir verarbeiten personenbezogene Daten nur, soweit es für diese Website und das, was Sie auf ihr tun, nötig ist. ',
          'Wir setzen keine Analyse- oder Tracking-Werkzeuge ein, zeigen keine Werbung und binden keine Inhalte oder Skripte Dritter ein. ',
          'Schriftarten liefern wir von unserem eigenen Server aus, sodass beim Aufruf der Seiten keine Verbindung zu anderen Anbietern entsteht. ',
          'Eine Ausnahme: Zeigt ein Blogbeitrag ein Bild von einer anderen Website, lädt Ihr Browser es von dort, und deren Anbieter sieht Ihre IP-Adresse. ',
          'Alle Seiten und Formulare werden verschlüsselt (TLS) übertragen.',
        ),
      ),
      section(
        'server-logs',
        'Aufruf der Website und Server-Protokolle',
        p(
          'Bei jedem Aufruf einer Seite protokolliert unsere Anwendung die Anfragemethode, die aufgerufene Adresse, den Status der Antwort, ',
          'die Bearbeitungsdauer und eine zufällige Kennung der Anfrage. Ihre IP-Adresse schreibt die Anwendung nicht in dieses Protokoll.',
        ),
        p(
          `Der Server bzw. der vorgeschaltete Webserver (Reverse Proxy) bei ${hosting} kann zusätzlich Ihre IP-Adresse, Datum und Uhrzeit, `,
          'die aufgerufene Adresse, die zuvor besuchte Seite (Referrer) und die Kennung Ihres Browsers (User-Agent) protokollieren.',
        ),
        p(
          'Zweck ist es, die Website auszuliefern, Fehler zu finden und Angriffe abzuwehren. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; ',
          'unser berechtigtes Interesse liegt im sicheren und stabilen Betrieb der Website. ',
          `Die Protokolle werden nach spätestens ${tagen(r.logDays)} gelöscht.`,
        ),
      ),
      section(
        'rate-limiting',
        'Schutz vor Missbrauch',
        p(
          'Damit Formulare und Anmeldung nicht massenhaft missbraucht werden können, zählen wir für kurze Zeit, wie oft von einer IP-Adresse ',
          'oder für eine E-Mail-Adresse ein Formular abgeschickt oder eine Anmeldung versucht wurde. Gespeichert werden dabei nur ',
          'die IP- bzw. E-Mail-Adresse, die Art der Aktion, ein Zähler und der Beginn des Zeitfensters.',
        ),
        p(
          'Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse ist der Schutz der Website und ihrer Nutzerinnen und Nutzer ',
          `vor Missbrauch. Die Zähler werden regelmäßig automatisch gelöscht, sobald ihr Zeitfenster länger als ${tage(r.rateLimitDays)} zurückliegt.`,
        ),
      ),
      section(
        'admin-audit',
        'Protokoll der Verwaltung',
        p(
          'Was unsere Administratorinnen und Administratoren im Verwaltungsbereich dieser Website tun (etwa einen Beitrag veröffentlichen, ',
          'eine Bestellung bearbeiten oder eine Rolle vergeben), protokollieren wir: das handelnde Konto (Kennung und E-Mail-Adresse), ',
          'die Aktion und ihren Gegenstand, den Zeitpunkt und die IP-Adresse, von der aus gehandelt wurde. Ebenso protokollieren wir die ',
          'Anmeldungen von Administratoren und jeden fehlgeschlagenen Anmeldeversuch mit der E-Mail-Adresse eines Administratorkontos ',
          '(falsches Passwort oder falscher Code), mit der IP-Adresse, von der aus er kam, auch wenn ihn jemand anderes unternommen hat. ',
          'Das eingegebene Passwort speichern wir nicht.',
        ),
        p(
          'Zweck ist die Sicherheit der Website und die Nachvollziehbarkeit der Verwaltung: Es soll feststellbar sein, wer wann was geändert hat, ',
          'und Angriffe auf Administratorkonten sollen erkannt werden. Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes ',
          'Interesse liegt in der Sicherheit der Website und der Verantwortlichkeit für Änderungen an ihr. ',
          `Die Einträge werden nach ${tagen(r.auditDays)} automatisch gelöscht.`,
        ),
      ),
      section(
        'device-storage',
        'Speicherung auf Ihrem Endgerät (Cookies)',
        p('Wir speichern auf Ihrem Gerät nur, was für die von Ihnen genutzten Funktionen unbedingt erforderlich ist:'),
        list(
          [
            `Sitzungs-Cookie „${storage.sessionCookie}“: wird erst gesetzt, wenn Sie sich anmelden, und enthält eine zufällige Sitzungskennung, `,
            `die Sie als angemeldet ausweist. Es gilt ${tage(r.sessionDays)} und verlängert sich bei Nutzung; beim Abmelden wird es gelöscht. `,
            'Es ist für Skripte nicht lesbar (HttpOnly) und wird nur an diese Website gesendet.',
          ],
          [
            `Sprach-Cookie „${storage.languageCookie}“: wird gesetzt, wenn Sie eine Seite in einer bestimmten Sprache aufrufen, etwa über die `,
            'Sprachauswahl oder über einen Link, der eine Sprache nennt (z. B. aus einer E-Mail von uns oder einer Suchmaschine), und enthält nur ',
            `den Sprachcode (z. B. „de“), damit weitere Seiten in dieser Sprache erscheinen. Es gilt ${tage(r.languageCookieDays)} `,
            'und verlängert sich mit jedem Seitenaufruf.',
          ],
          [
            `Eintrag „${storage.languageStorageKey}“ im lokalen Speicher (localStorage): wird nur gesetzt, wenn Sie die Sprache über die `,
            'Sprachauswahl wechseln, und enthält ebenfalls nur den Sprachcode. Fehlt der Sprach-Cookie (abgelaufen oder gelöscht), ',
            'setzt die Seite ihn daraus wieder, damit Ihre Wahl gilt. Der Eintrag hat kein Ablaufdatum und bleibt gespeichert, ',
            'bis Sie ihn in Ihrem Browser löschen.',
          ],
          [
            `Hinweis-Cookie „${storage.noticeCookie}“: wird gesetzt, wenn Sie ein Formular ohne JavaScript absenden und die nächste Seite `,
            'eine Meldung dazu zeigt (z. B. dass Ihre Nachricht gesendet wurde); es enthält nur, welche Meldung das ist. Es ist für Skripte nicht ',
            `lesbar (HttpOnly), wird gelöscht, sobald die Meldung angezeigt wurde, und gilt höchstens ${sekunden(r.noticeCookieSeconds)}.`,
          ],
          [
            `Warenkorb „${storage.cartStorageKey}“ im lokalen Speicher (localStorage): die Artikel, die Sie in den Warenkorb legen. `,
            'Der Eintrag verlässt Ihr Gerät erst, wenn Sie bestellen, und wird gelöscht, wenn Sie den Warenkorb leeren oder bestellen.',
          ],
        ),
        p(
          'Diese Speicherungen sind für die von Ihnen ausdrücklich gewünschten Funktionen (Anmeldung, Sprachwahl, Warenkorb, Meldung nach dem ',
          'Absenden eines Formulars) unbedingt erforderlich. ',
          'Nach § 25 Abs. 2 Nr. 2 TDDDG ist dafür keine Einwilligung nötig; deshalb zeigen wir kein Cookie-Banner. ',
          'Soweit dabei personenbezogene Daten verarbeitet werden, ist die Rechtsgrundlage Art. 6 Abs. 1 lit. b DSGVO (Anmeldung, Bestellung) ',
          'bzw. Art. 6 Abs. 1 lit. f DSGVO (Sprachwahl, Meldung nach dem Absenden eines Formulars).',
        ),
        p(
          'Weitere Cookies, Cookies von Drittanbietern, Analyse- oder Tracking-Techniken setzen wir nicht ein. ',
          'Sie können gespeicherte Cookies und Einträge jederzeit in Ihrem Browser löschen.',
        ),
      ),
      section(
        'accounts',
        'Benutzerkonto',
        p(
          'Wenn Sie ein Konto anlegen, speichern wir Ihren Vor- und Nachnamen, Ihre E-Mail-Adresse, einen sicheren Hash Ihres Passworts ',
          '(nie das Passwort selbst), die gewählte Sprache sowie Zeitpunkte der Registrierung und der Bestätigung Ihrer E-Mail-Adresse. ',
          'Zur Bestätigung und zum Zurücksetzen des Passworts senden wir Ihnen E-Mails mit einem Link, der nur kurze Zeit gilt.',
        ),
        p(
          'Zweck ist die Bereitstellung Ihres Kontos (Anmeldung, Bestellübersicht). Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. ',
          'Die Daten bleiben gespeichert, bis Sie Ihr Konto löschen. Das können Sie jederzeit selbst unter ',
          link('/account', 'Mein Konto'),
          ' tun; dort können Sie Ihre Daten auch ändern und herunterladen. Wird die E-Mail-Adresse eines Kontos nie bestätigt, löschen wir ',
          `das Konto ${tage(r.unverifiedAccountDays)} nach der Registrierung automatisch, oder, wenn kurz zuvor ein neuer Bestätigungslink angefordert wurde, spätestens ${tage(r.unverifiedAccountDays + r.unverifiedAccountGraceDays)} danach; so bleibt kein Konto bestehen, das jemand mit Ihrer Adresse angelegt hat.`,
        ),
        p(
          'Wenn Sie die Zwei-Faktor-Anmeldung einrichten, speichern wir zusätzlich den geheimen Schlüssel für Ihre Authenticator-App, ',
          'den Zeitpunkt der Einrichtung, welcher Code zuletzt verwendet wurde, Ihre Wiederherstellungscodes (nur als Hash) und bei jeder ',
          'Anmeldung nach dem Passwort eine Kennung für den zweiten Schritt (ebenfalls nur als Hash), die nach wenigen Minuten abläuft. ',
          'Zweck ist die Absicherung Ihrer Anmeldung; diese Daten gibt es nur, wenn Sie die Zwei-Faktor-Anmeldung einschalten ',
          '(für Administratorkonten können wir sie vorschreiben). Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, für Administratorkonten ',
          'Art. 6 Abs. 1 lit. f DSGVO (Sicherheit der Website). Die Daten werden gelöscht, wenn Sie die Zwei-Faktor-Anmeldung ausschalten, ',
          'wir sie auf Ihre Bitte zurücksetzen oder Sie Ihr Konto löschen; abgelaufene oder benutzte Kennungen der Anmeldung löschen wir nach einem Tag.',
        ),
      ),
      section(
        'contact-form',
        'Kontaktformular',
        p(
          'Wenn Sie uns über das Kontaktformular schreiben, speichern wir Ihren Namen, Ihre E-Mail-Adresse, optional Ihre Organisation, ',
          'die Art der Anfrage, Betreff, Nachricht und die Sprache der Seite. Wir leiten die Nachricht per E-Mail an unser Team weiter ',
          'und senden Ihnen eine Eingangsbestätigung.',
        ),
        p(
          'Zweck ist die Beantwortung Ihrer Anfrage. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO, wenn Ihre Anfrage einen Vertrag betrifft, ',
          'sonst Art. 6 Abs. 1 lit. f DSGVO (unser berechtigtes Interesse, Anfragen zu beantworten). ',
          `Die gespeicherte Nachricht wird nach ${tagen(r.contactDays)} automatisch gelöscht.`,
        ),
      ),
      section(
        'whatsapp',
        'WhatsApp und Links zum Teilen',
        p(
          'Auf unseren Seiten gibt es eine Schaltfläche, mit der Sie uns über WhatsApp schreiben können, und unter Blogbeiträgen Links, ',
          'mit denen Sie einen Beitrag per WhatsApp, LinkedIn oder Mastodon teilen können. Das sind einfache Links: Solange Sie keinen ',
          'davon anklicken, wird nichts an diese Dienste übermittelt.',
        ),
        p(
          'Klicken Sie einen solchen Link an, öffnet Ihr Browser oder Ihr Gerät den jeweiligen Dienst. Er erfährt dann unter anderem Ihre ',
          'IP-Adresse und welche Seite Sie teilen möchten bzw. dass Sie uns schreiben möchten, und verarbeitet diese Daten in eigener ',
          'Verantwortung nach seiner eigenen Datenschutzerklärung, bei WhatsApp (WhatsApp Ireland Limited, ein Unternehmen von Meta) der ',
          link('https://www.whatsapp.com/legal/privacy-policy-eea', 'Datenschutzerklärung von WhatsApp'),
          '. Diese Dienste können Daten auch in den USA verarbeiten.',
        ),
        p(
          'Schreiben Sie uns über WhatsApp, erhalten wir Ihre Telefonnummer, Ihren Profilnamen und Ihre Nachrichten. Wir verwenden sie nur, ',
          'um Ihre Anfrage zu beantworten; die Rechtsgrundlage ist dieselbe wie beim Kontaktformular (Art. 6 Abs. 1 lit. b bzw. lit. f DSGVO). ',
          'Wir löschen den Chat, sobald Ihre Anfrage erledigt ist, soweit keine gesetzliche Aufbewahrungspflicht entgegensteht. ',
          'Möchten Sie WhatsApp nicht nutzen, erreichen Sie uns ebenso per E-Mail an ',
          mail(d.email),
          ' oder über das ',
          link('/contact', 'Kontaktformular'),
          '.',
        ),
      ),
      section(
        'newsletter',
        'Newsletter',
        p(
          'Unseren Newsletter erhalten Sie nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a DSGVO). Nach der Anmeldung senden wir Ihnen eine E-Mail ',
          'mit einem Bestätigungslink; erst wenn Sie ihn anklicken, ist das Abonnement aktiv (Double-Opt-in). ',
          `Anmeldungen, die nicht bestätigt werden, löschen wir nach ${tagen(r.unconfirmedNewsletterDays)}.`,
        ),
        p(
          'Gespeichert werden Ihre E-Mail-Adresse und die gewählte Sprache. Als Nachweis Ihrer Einwilligung speichern wir außerdem den Zeitpunkt ',
          'der Anmeldung und der Bestätigung, die dabei verwendete IP-Adresse, den Wortlaut des Einwilligungstextes und die Version dieser ',
          'Datenschutzerklärung, die Ihnen angezeigt wurden, sowie die Sprache. Rechtsgrundlage für diesen Nachweis ist Art. 6 Abs. 1 lit. c ',
          'i. V. m. Art. 7 Abs. 1 DSGVO.',
        ),
        p(
          'Sie können Ihre Einwilligung jederzeit widerrufen, am einfachsten über den Abmeldelink in jeder Newsletter-E-Mail. ',
          'Danach erhalten Sie keinen Newsletter mehr. Den Nachweis der Einwilligung bewahren wir, solange Sie angemeldet sind, ',
          `und noch ${tage(r.newsletterConsentDays)} nach der Abmeldung auf, um ihn bei Bedarf vorlegen zu können; danach wird er gelöscht.`,
        ),
      ),
      described.orders &&
        section(
          'orders',
          'Bestellungen im Shop',
          p(
            'Für eine Bestellung verarbeiten wir Ihren Namen, Ihre Liefer- und E-Mail-Adresse, optional Ihre Telefonnummer, die bestellten ',
            'Artikel, die Beträge und eine Bestellnummer, um den Vertrag zu erfüllen (Versand, Gewährleistung, Widerruf). ',
            'Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO. Zur Bestellung senden wir Ihnen Bestätigungen per E-Mail.',
          ),
          described.printful
            ? p(
                'Die Artikel werden von Printful (Printful Inc. und ihre Tochtergesellschaften) für uns gedruckt und versandt. Dafür übermitteln wir ',
                'Printful Ihren Namen, Ihre Lieferadresse, Ihre E-Mail-Adresse, gegebenenfalls Ihre Telefonnummer und die bestellten Artikel. ',
                'Printful verarbeitet diese Daten in unserem Auftrag (Art. 28 DSGVO) und gibt die Lieferdaten an das Versandunternehmen weiter.',
              )
            : p(
                'Ihre Bestellung wird von unserem Verein selbst bearbeitet und versandt; ein Dienstleister für Herstellung oder Versand ist nicht beteiligt.',
              ),
          p(
            `Bestelldaten bewahren wir ${jahre(r.orderYears)} auf, gerechnet ab dem Ende des Jahres der Bestellung, weil steuer- und `,
            'handelsrechtliche Vorschriften es verlangen (§ 147 AO, § 257 HGB; Rechtsgrundlage Art. 6 Abs. 1 lit. c DSGVO). Danach löschen wir ',
            'Name, Anschrift und Kontaktdaten aus der Bestellung. Löschen Sie vorher Ihr Konto, bleibt die Bestellung ohne Verknüpfung mit ',
            'dem Konto bis zum Ablauf dieser Frist gespeichert.',
          ),
          p(
            'Für eine Bestellung, für die nie Geld eingegangen ist, gibt es keinen Buchungsbeleg und damit keine Aufbewahrungspflicht: Wurde der ',
            'Bezahlvorgang nicht abgeschlossen, ist er abgelaufen oder gescheitert, wurde die Bestellung vor jeder Zahlung storniert oder im ',
            `Vorführbetrieb des Shops nie ausgeführt, löschen wir Name, Anschrift und Kontaktdaten ${tage(r.unpaidDays)} nach der Bestellung aus ihr.`,
          ),
        ),
      // Its own section: the notice under the withdrawal form links here (PrivacyNotice, kind 'withdrawal').
      described.orders &&
        section(
          'withdrawals',
          'Widerruf einer Bestellung',
          p(
            'Widerrufen Sie einen Vertrag über unsere Widerrufsfunktion (',
            link(WITHDRAWAL_BUTTON_PATH, 'Vertrag widerrufen'),
            '), speichern wir Ihren Namen, die Bestellnummer, die E-Mail-Adresse, Ihre Nachricht, falls Sie eine schreiben, die Sprache der ',
            'Seite sowie Datum und Uhrzeit des Eingangs. Wir senden Ihnen die Eingangsbestätigung an diese E-Mail-Adresse und informieren ',
            'unser Team, damit es den Widerruf bearbeitet. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (Rückabwicklung des Vertrags) und ',
            'lit. c DSGVO (gesetzliche Pflicht, den Eingang des Widerrufs zu bestätigen). Die Erklärung bewahren wir so lange auf wie die ',
            'Bestellung, zu der sie gehört.',
          ),
        ),
      described.payments &&
        section(
          'payments',
          'Zahlung über Stripe',
          p(
            'Zahlungen wickeln wir über Stripe ab (Stripe Payments Europe Ltd., 1 Grand Canal Street Lower, Dublin 2, Irland). ',
            'Zum Bezahlen werden Sie auf eine Seite von Stripe weitergeleitet; Karten- oder Kontodaten (IBAN) geben Sie nur dort ein, ',
            'sie erreichen unseren Server nicht. Wir erhalten von Stripe nur den Zahlungsstatus und eine Zahlungskennung.',
          ),
          p(
            'Stripe verarbeitet die Zahlungsdaten als unser Auftragsverarbeiter (Art. 28 DSGVO) und zur Betrugsvermeidung sowie zur Erfüllung ',
            'eigener gesetzlicher Pflichten als eigener Verantwortlicher. Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (Zahlung) und ',
            'Art. 6 Abs. 1 lit. f DSGVO (Betrugsvermeidung). Stripe kann Daten in die USA übermitteln; die Übermittlung stützt sich auf das ',
            'EU-US Data Privacy Framework, unter dem Stripe zertifiziert ist, und auf Standardvertragsklauseln der EU-Kommission. ',
            'Auf seiner Bezahlseite setzt Stripe eigene Cookies in eigener Verantwortung. Näheres in der ',
            link('https://stripe.com/de/privacy', 'Datenschutzerklärung von Stripe'),
            '.',
          ),
        ),
      described.donations &&
        section(
          'donations',
          'Spenden',
          p(
            'Wenn Sie über unser Spendenformular spenden, verarbeiten wir den Betrag, ob einmalig oder monatlich, Ihre E-Mail-Adresse, ',
            'freiwillig Ihren Namen, die gewählte Sprache, den Zeitpunkt und die Kennungen, die Stripe uns für die Zahlung nennt ',
            '(bei monatlichen Spenden auch die Kundenkennung bei Stripe). Wir verwenden diese Daten, um Ihre Spende abzuwickeln, ',
            'Ihnen per E-Mail zu danken und die Spende zu bestätigen, und bei monatlichen Spenden, damit Sie sie über den Link in ',
            `jeder Dankes-E-Mail ändern oder beenden können (der Link gilt ${DONATION_MANAGE_LINK_LIFETIME_DAYS} Tage; jede Dankes-E-Mail bringt einen neuen). Die Zahlung selbst wickelt Stripe ab (siehe „Zahlung über Stripe“).`,
          ),
          p(
            `Für eine Spende über ${receiptLimit} (bei monatlichen Spenden: wenn der Monatsbetrag darüber liegt) fragt die Bezahlseite von Stripe `,
            'zusätzlich nach Ihrer Postanschrift, und Stripe übermittelt uns mit der Zahlung Ihren Namen und diese Anschrift. Wir verwenden sie nur, ',
            'um Ihnen die Zuwendungsbestätigung nach amtlichem Muster auszustellen und zuzusenden; bei kleineren Spenden erheben wir keine Anschrift. ',
            'Rechtsgrundlage ist Art. 6 Abs. 1 lit. c DSGVO in Verbindung mit § 10b EStG und § 50 EStDV, nach denen die Bestätigung Namen und ',
            'Anschrift der Spenderin oder des Spenders nennt. Wir bewahren Namen und Anschrift wie die übrigen Spendendaten auf (siehe unten).',
          ),
          p(
            'Rechtsgrundlage ist Art. 6 Abs. 1 lit. b DSGVO (Abwicklung der Spende auf Ihren Wunsch) und Art. 6 Abs. 1 lit. c DSGVO ',
            '(steuerrechtliche Nachweis- und Aufbewahrungspflichten für Zuwendungen und Zuwendungsbestätigungen).',
          ),
          p(
            `Spendendaten bewahren wir ${jahre(r.orderYears)} auf, gerechnet ab dem Ende des Jahres der Spende, weil sie wie alle `,
            'Buchungsbelege den steuer- und handelsrechtlichen Aufbewahrungspflichten unterliegen (§ 147 AO, § 257 HGB, § 50 Abs. 7 EStDV).',
          ),
          p(
            'Für eine Spende, bei der nie Geld eingegangen ist (der Bezahlvorgang wurde nicht abgeschlossen, ist abgelaufen oder gescheitert), ',
            'gibt es keinen Buchungsbeleg: Bei ihr löschen wir Ihren Namen, Ihre E-Mail-Adresse und Ihre Kundenkennung bei Stripe ',
            `${tage(r.unpaidDays)} nach Beginn der Spende.`,
          ),
        ),
      section(
        'email',
        'Versand von E-Mails',
        features.smtp
          ? p(
              `Unsere E-Mails (Bestätigungen, Antworten, Newsletter) versenden wir über ${mailServer}. Dabei werden Ihre E-Mail-Adresse und der `,
              'Inhalt der Nachricht verarbeitet. ',
              d.mailProvider ? `${d.mailProvider} handelt als unser Auftragsverarbeiter (Art. 28 DSGVO). ` : '',
              'Die Rechtsgrundlage ist dieselbe wie für den Vorgang, zu dem die E-Mail gehört.',
            )
          : p(
              'Diese Installation versendet keine E-Mails über einen externen Dienst: Ausgehende Nachrichten werden auf unserem eigenen Server ',
              'gespeichert. Die Rechtsgrundlage ist dieselbe wie für den Vorgang, zu dem die E-Mail gehört.',
            ),
        p(
          `Eine Kopie jeder versandten E-Mail wird auf unserem Server ${tage(r.sentMailDays)} nach dem Versand gelöscht, die einer nicht `,
          `zustellbaren E-Mail ${tage(r.sentMailDays)} nach ihrer Erstellung.`,
        ),
      ),
      section(
        'hosting',
        'Hosting',
        d.hostingProvider
          ? p(
              `Diese Website wird bei ${d.hostingProvider} betrieben. Alle auf dieser Website verarbeiteten Daten werden auf dessen Servern `,
              'gespeichert; der Anbieter verarbeitet sie nur in unserem Auftrag (Art. 28 DSGVO).',
            )
          : p('Diese Website wird auf einem Server betrieben, der von uns oder in unserem Auftrag verwaltet wird (Art. 28 DSGVO).'),
        p('Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO; unser berechtigtes Interesse ist eine zuverlässige Bereitstellung der Website.'),
      ),
      section(
        'recipients',
        'Empfänger',
        p('Ihre Daten erhalten nur die Mitglieder unseres Teams, die sie für ihre Aufgabe brauchen, und folgende Dienstleister:'),
        list(
          ...present(
            d.hostingProvider ? `${d.hostingProvider} (Hosting)` : 'unser Hosting-Dienstleister (Hosting)',
            features.smtp ? `${d.mailProvider || 'unser E-Mail-Dienstleister'} (E-Mail-Versand)` : null,
            described.printful ? 'Printful und die von Printful beauftragten Versandunternehmen (Herstellung und Versand)' : null,
            described.payments ? 'Stripe (Zahlungsabwicklung)' : null,
          ),
        ),
        p(
          'Darüber hinaus geben wir Daten nur weiter, wenn wir gesetzlich dazu verpflichtet sind, etwa an Behörden. Wir verkaufen keine Daten.',
        ),
      ),
      section(
        'third-countries',
        'Übermittlung in Drittländer',
        described.printful || described.payments
          ? p(
              'Einige Dienstleister (',
              present(described.printful && 'Printful', described.payments && 'Stripe').join(', '),
              ') können Daten auch in den USA verarbeiten. Die Übermittlung stützt sich auf den Angemessenheitsbeschluss der EU-Kommission ',
              'zum EU-US Data Privacy Framework, soweit der Empfänger danach zertifiziert ist, sonst auf Standardvertragsklauseln ',
              '(Art. 46 Abs. 2 lit. c DSGVO). Eine Kopie der Garantien erhalten Sie auf Anfrage bei uns.',
            )
          : p(
              'Wir übermitteln keine personenbezogenen Daten in Länder außerhalb der Europäischen Union bzw. des Europäischen Wirtschaftsraums.',
            ),
      ),
      section(
        'legal-bases',
        'Rechtsgrundlagen im Überblick',
        list(
          'Art. 6 Abs. 1 lit. a DSGVO (Einwilligung): Newsletter.',
          `Art. 6 Abs. 1 lit. b DSGVO (Vertrag und vorvertragliche Maßnahmen): Benutzerkonto${described.orders ? ', Bestellungen' : ''}${described.payments ? ', Zahlungen' : ''}${described.donations ? ', Spenden' : ''}, Anfragen zu einem Vertrag.`,
          `Art. 6 Abs. 1 lit. c DSGVO (rechtliche Pflicht): Nachweis der Newsletter-Einwilligung${described.orders ? ', Aufbewahrung von Bestelldaten' : ''}${described.donations ? ', Aufbewahrung von Spendendaten' : ''}.`,
          `Art. 6 Abs. 1 lit. f DSGVO (berechtigtes Interesse): Server-Protokolle, Schutz vor Missbrauch, Protokoll der Verwaltung, Sprachwahl, sonstige Anfragen, Hosting${described.payments ? ', Betrugsvermeidung bei Zahlungen' : ''}.`,
          '§ 25 Abs. 2 Nr. 2 TDDDG: Speicherung des Sitzungs-Cookies, der Sprachwahl, des Hinweis-Cookies und des Warenkorbs auf Ihrem Gerät.',
        ),
      ),
      section(
        'retention',
        'Speicherdauer im Überblick',
        list(
          ...present(
            `Server-Protokolle: ${tage(r.logDays)}.`,
            `Zähler zum Schutz vor Missbrauch: ${tage(r.rateLimitDays)}.`,
            `Sitzungs-Cookie und Sitzung: ${tage(r.sessionDays)}, verlängert bei Nutzung; mit der Abmeldung gelöscht.`,
            `Sprach-Cookie: ${tage(r.languageCookieDays)} nach dem letzten Seitenaufruf; Sprachwahl im lokalen Speicher: bis Sie sie in Ihrem Browser löschen.`,
            `Hinweis-Cookie nach dem Absenden eines Formulars: höchstens ${sekunden(r.noticeCookieSeconds)}.`,
            `Benutzerkonto: bis Sie es löschen; ohne bestätigte E-Mail-Adresse ${tage(r.unverifiedAccountDays)} nach der Registrierung (mit einem kurz zuvor angeforderten Link spätestens ${tage(r.unverifiedAccountDays + r.unverifiedAccountGraceDays)}).`,
            `Kontaktanfragen: ${tage(r.contactDays)}.`,
            `Unbestätigte Newsletter-Anmeldungen: ${tage(r.unconfirmedNewsletterDays)}.`,
            `Newsletter-Abonnement: bis zur Abmeldung; Einwilligungsnachweis danach noch ${tage(r.newsletterConsentDays)}.`,
            described.orders
              ? `Bestellungen: ${jahre(r.orderYears)} (gesetzliche Aufbewahrungspflicht); nie bezahlte oder nie ausgeführte: ${tage(r.unpaidDays)}.`
              : null,
            described.donations
              ? `Spenden: ${jahre(r.orderYears)} (gesetzliche Aufbewahrungspflicht); nie bezahlte: ${tage(r.unpaidDays)}.`
              : null,
            `Kopien versandter und nicht zustellbarer E-Mails: ${tage(r.sentMailDays)}.`,
            `Protokoll der Aktionen unserer Administratoren (wer wann was getan hat, mit der IP-Adresse der Administratorin bzw. des Administrators): ${tage(r.auditDays)}.`,
          ),
        ),
        p(
          'Soweit wir tägliche Sicherungskopien unserer Datenbank anlegen, enthalten diese auch Daten, die wir inzwischen gelöscht haben. ',
          `Jede Sicherungskopie wird nach ${tagen(r.backupDays)} durch neuere ersetzt und gelöscht; bis dahin dient sie nur dazu, `,
          'die Daten nach einem Ausfall oder Fehler wiederherzustellen.',
        ),
      ),
      section(
        'rights',
        'Ihre Rechte',
        p('Sie haben jederzeit das Recht auf'),
        list(
          'Auskunft über Ihre bei uns gespeicherten Daten (Art. 15 DSGVO),',
          'Berichtigung unrichtiger Daten (Art. 16 DSGVO),',
          'Löschung (Art. 17 DSGVO) und Einschränkung der Verarbeitung (Art. 18 DSGVO),',
          'Datenübertragbarkeit, also Herausgabe Ihrer Daten in einem gängigen Format (Art. 20 DSGVO),',
          'Widerspruch gegen die Verarbeitung (Art. 21 DSGVO, siehe unten),',
          'Widerruf einer erteilten Einwilligung mit Wirkung für die Zukunft (Art. 7 Abs. 3 DSGVO).',
        ),
        p(
          'Vieles können Sie selbst unter ',
          link('/account', 'Mein Konto'),
          ' erledigen: Daten ändern, herunterladen oder das Konto löschen. Für alle anderen Anliegen genügt eine E-Mail an ',
          mail(d.email),
          '. Wir antworten unverzüglich, spätestens innerhalb eines Monats.',
        ),
      ),
      section(
        'objection',
        'Widerspruchsrecht',
        box(
          'Ihr Recht auf Widerspruch (Art. 21 DSGVO)',
          'Soweit wir Daten auf Grundlage unseres berechtigten Interesses verarbeiten (Art. 6 Abs. 1 lit. f DSGVO), können Sie jederzeit aus Gründen, die sich aus Ihrer besonderen Situation ergeben, Widerspruch gegen diese Verarbeitung einlegen. Wir verarbeiten die Daten dann nicht mehr, es sei denn, wir können zwingende schutzwürdige Gründe nachweisen, die Ihre Interessen überwiegen, oder die Verarbeitung dient der Geltendmachung, Ausübung oder Verteidigung von Rechtsansprüchen.',
          'Werden Ihre Daten zur Direktwerbung verarbeitet, etwa für unseren Newsletter, können Sie dem jederzeit ohne Angabe von Gründen widersprechen; die Daten werden dann nicht mehr für diesen Zweck verwendet.',
          ['Ihren Widerspruch richten Sie formlos an ', mail(d.email), '.'],
        ),
      ),
      section(
        'complaint',
        'Beschwerde bei der Aufsichtsbehörde',
        p(
          'Sie haben das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren (Art. 77 DSGVO), insbesondere in dem Land Ihres ',
          'Aufenthalts oder Arbeitsplatzes. Für uns zuständig ist:',
        ),
        p(d.supervisoryAuthority),
      ),
      section(
        'automated-decisions',
        'Keine automatisierte Entscheidungsfindung',
        p('Wir treffen keine ausschließlich automatisierten Entscheidungen und erstellen keine Profile (Art. 22 DSGVO).'),
      ),
      section(
        'requirement',
        'Müssen Sie uns Daten geben?',
        p(
          'Sie sind weder gesetzlich noch vertraglich verpflichtet, uns Daten zu geben, und können die Website ohne Angabe persönlicher Daten ',
          'lesen. Ohne die als Pflichtfeld gekennzeichneten Angaben können wir jedoch kein Konto anlegen, keine Anfrage beantworten',
          features.shopOrders ? ', keine Bestellung ausführen' : '',
          ' und Ihnen keinen Newsletter senden.',
        ),
      ),
    ),
  };
};
