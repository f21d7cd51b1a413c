import { formatCents } from '../../money';
import { link, list, p, section, type LegalTemplate } from '../document';
import {
  deliveryDaysRange,
  ORDER_BUTTON_LABELS,
  postalAddress,
  shippingCountryNames,
  shopPaymentMethod,
  WITHDRAWAL_BUTTON_PATH,
} from '../shop-terms';

/** Allgemeine Geschäftsbedingungen des Shops (German). A template the association must have reviewed. */
export const termsDe: LegalTemplate = (d) => {
  const shipping = formatCents(d.shop.shippingCents);
  const days = deliveryDaysRange(d.shop.deliveryDays);
  const payment = shopPaymentMethod(d);
  // Under the small-business rule (KLEINUNTERNEHMER) no VAT is charged: saying it is included would
  // mislead (§ 19 UStG, § 5 UWG).
  const finalPrices = d.shop.kleinunternehmer
    ? 'Alle Preise sind Endpreise in Euro. Gemäß § 19 UStG (Kleinunternehmerregelung) wird keine Umsatzsteuer berechnet.'
    : 'Alle Preise sind Endpreise in Euro und enthalten die gesetzliche Mehrwertsteuer.';
  return {
    sections: [
      section(
        'scope',
        '1. Geltungsbereich',
        p(
          `Diese Allgemeinen Geschäftsbedingungen gelten für alle Bestellungen, die Verbraucherinnen und Verbraucher über den Shop auf dieser Website bei ${d.orgName} aufgeben. Verbraucher ist jede natürliche Person, die ein Rechtsgeschäft zu Zwecken abschließt, die überwiegend weder ihrer gewerblichen noch ihrer selbständigen beruflichen Tätigkeit zugerechnet werden können (§ 13 BGB).`,
        ),
      ),
      section(
        'seller',
        '2. Vertragspartner',
        p(`Ihr Vertragspartner ist ${postalAddress(d)}${d.legalForm ? ` (${d.legalForm})` : ''}.`),
        p(`E-Mail: ${d.email} · Telefon: ${d.phone}`),
        p('Weitere Angaben finden Sie im ', link('/impressum', 'Impressum'), '.'),
      ),
      section(
        'contract',
        '3. Vertragsschluss',
        p(
          'Die Darstellung der Produkte im Shop ist kein rechtlich bindendes Angebot, sondern eine Einladung zur Bestellung. Die Bestellung setzt ein Kundenkonto mit bestätigter E-Mail-Adresse voraus.',
        ),
        p('So kommt der Vertrag zustande:'),
        list(
          'Sie legen Produkte in den Warenkorb und gehen zur Kasse.',
          'Sie geben Ihre Lieferadresse und Ihre Kontaktdaten ein.',
          d.shop.kleinunternehmer
            ? 'Direkt über dem Bestellbutton sehen Sie noch einmal die Artikel, den Gesamtpreis einschließlich Versandkosten, die Lieferzeit und die Zahlungsart.'
            : 'Direkt über dem Bestellbutton sehen Sie noch einmal die Artikel, den Gesamtpreis einschließlich Mehrwertsteuer und Versandkosten, die Lieferzeit und die Zahlungsart.',
          `Mit einem Klick auf den Button „${ORDER_BUTTON_LABELS.de}“ geben Sie ein verbindliches Angebot zum Kauf der Waren im Warenkorb ab.`,
          payment === 'stripe_checkout'
            ? 'Sie werden auf die Zahlungsseite von Stripe weitergeleitet und bezahlen dort. Sobald Stripe uns die Zahlung bestätigt, erhalten Sie eine Bestellbestätigung per E-Mail. Mit dieser E-Mail nehmen wir Ihr Angebot an; damit ist der Vertrag geschlossen. Bei SEPA-Lastschrift bestätigen wir Ihnen zunächst per E-Mail den Eingang Ihrer Bestellung; die Bestellbestätigung folgt, sobald der Betrag bei uns eingegangen ist.'
            : 'Unmittelbar danach erhalten Sie eine Bestellbestätigung per E-Mail. Mit dieser E-Mail nehmen wir Ihr Angebot an; damit ist der Vertrag geschlossen.',
        ),
        p(
          `Eingabefehler können Sie vor dem Absenden jederzeit berichtigen: Ihre Angaben im Formular der Kasse ändern Sie direkt in den Eingabefeldern, Artikel und Mengen im Warenkorb. Erst der Klick auf „${ORDER_BUTTON_LABELS.de}“ sendet die Bestellung ab.`,
        ),
      ),
      section(
        'prices',
        '4. Preise und Versandkosten',
        p(
          `${finalPrices} Für jede Bestellung kommen Versandkosten von ${shipping} hinzu, in alle Lieferländer gleich. Weitere Kosten fallen nicht an.`,
        ),
      ),
      section(
        'delivery',
        '5. Lieferung',
        p(`Wir liefern in folgende Länder: ${shippingCountryNames('de')}.`),
        p(
          `Die Waren werden für Sie gedruckt, sobald Ihre Zahlung eingegangen ist. Die Lieferzeit beträgt ${days} Werktage ab Zahlungseingang. Die Waren werden von unserem Druckdienstleister hergestellt und direkt an Sie versandt; die Lieferung kann in mehreren Sendungen erfolgen, ohne dass zusätzliche Versandkosten entstehen.`,
        ),
      ),
      section(
        'payment',
        '6. Zahlung',
        payment === 'bank_transfer_in_advance' &&
          p(
            'Sie zahlen per Vorkasse durch Banküberweisung. Eine Bezahlung im Shop ist noch nicht möglich: Nach Ihrer Bestellung senden wir Ihnen unsere Bankverbindung und den zu zahlenden Betrag per E-Mail. Der Betrag ist mit Erhalt dieser E-Mail fällig. Sobald Ihre Zahlung eingegangen ist, geben wir Ihre Bestellung in Produktion.',
          ),
        payment === 'stripe_checkout' &&
          p(
            `Sie zahlen per Kreditkarte oder SEPA-Lastschrift über unseren Zahlungsdienstleister Stripe. Nach dem Klick auf „${ORDER_BUTTON_LABELS.de}“ werden Sie auf die Zahlungsseite von Stripe weitergeleitet. Erst wenn Stripe uns die Zahlung bestätigt, geben wir Ihre Bestellung in Produktion; eine nicht abgeschlossene oder gescheiterte Zahlung storniert die Bestellung.`,
          ),
      ),
      section('title', '7. Eigentumsvorbehalt', p('Die Waren bleiben bis zur vollständigen Bezahlung unser Eigentum.')),
      section(
        'withdrawal',
        '8. Widerrufsrecht',
        p(
          'Als Verbraucherin oder Verbraucher haben Sie ein gesetzliches Widerrufsrecht. Die Einzelheiten stehen in unserer ',
          link('/widerruf', 'Widerrufsbelehrung'),
          ', die auch das Muster-Widerrufsformular enthält.',
        ),
        p('Sie können den Vertrag auch online über unsere ', link(WITHDRAWAL_BUTTON_PATH, 'Widerrufsfunktion'), ' widerrufen.'),
      ),
      section(
        'warranty',
        '9. Gewährleistung',
        p(
          'Es gilt das gesetzliche Mängelhaftungsrecht. Bitte melden Sie sich bei Mängeln unter den in Abschnitt 2 genannten Kontaktdaten.',
        ),
      ),
      section(
        'languages',
        '10. Vertragssprachen',
        p(
          'Der Vertrag kann auf Deutsch, Englisch oder Französisch geschlossen werden, in der Sprache, in der Sie die Website beim Bestellen nutzen. Diese Bedingungen und die Widerrufsbelehrung gibt es in allen drei Sprachen.',
        ),
      ),
      section(
        'storage',
        '11. Speicherung des Vertragstextes',
        p(
          'Wir speichern Ihre Bestellung mit ihren Daten. Die Bestellbestätigung per E-Mail enthält die Bestelldaten, diese Allgemeinen Geschäftsbedingungen und die Widerrufsbelehrung mit dem Muster-Widerrufsformular; bitte bewahren Sie sie auf. Die jeweils aktuellen Bedingungen finden Sie auf dieser Seite.',
        ),
      ),
      section(
        'disputes',
        '12. Streitbeilegung',
        p(
          'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.',
        ),
      ),
    ],
  };
};
