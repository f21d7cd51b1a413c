import { link, list, p, section, type LegalTemplate } from '../document';
import { postalAddress, WITHDRAWAL_BUTTON_PATH } from '../shop-terms';

/**
 * Widerrufsbelehrung nach dem gesetzlichen Muster (Anlage 1 zu Art. 246a § 1 Abs. 2 Satz 2 EGBGB,
 * Variante „mehrere Waren, getrennt geliefert“: Printful kann in mehreren Sendungen liefern) und das
 * Muster-Widerrufsformular (Anlage 2). The slots are filled from the settings; the wording is the
 * statute's and must stay so (a template the association must have reviewed).
 */
export const withdrawalDe: LegalTemplate = (d) => {
  const trader = `${postalAddress(d)}, Telefon: ${d.phone}, E-Mail: ${d.email}`;
  return {
    sections: [
      section(
        'right',
        'Widerrufsrecht',
        p('Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.'),
        p(
          'Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag, an dem Sie oder ein von Ihnen benannter Dritter, der nicht der Beförderer ist, die letzte Ware in Besitz genommen haben bzw. hat.',
        ),
        p(
          `Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (${trader}) mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.`,
        ),
        p(
          'Sie können das Muster-Widerrufsformular oder eine andere eindeutige Erklärung auch auf unserer Webseite (',
          link(WITHDRAWAL_BUTTON_PATH, 'Vertrag widerrufen'),
          ') elektronisch ausfüllen und übermitteln. Machen Sie von dieser Möglichkeit Gebrauch, so werden wir Ihnen unverzüglich (z. B. per E-Mail) eine Bestätigung über den Eingang eines solchen Widerrufs übermitteln.',
        ),
        p(
          'Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.',
        ),
      ),
      section(
        'consequences',
        'Folgen des Widerrufs',
        p(
          'Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, einschließlich der Lieferkosten (mit Ausnahme der zusätzlichen Kosten, die sich daraus ergeben, dass Sie eine andere Art der Lieferung als die von uns angebotene, günstigste Standardlieferung gewählt haben), unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet.',
        ),
        p(
          'Wir können die Rückzahlung verweigern, bis wir die Waren wieder zurückerhalten haben oder bis Sie den Nachweis erbracht haben, dass Sie die Waren zurückgesandt haben, je nachdem, welches der frühere Zeitpunkt ist.',
        ),
        p(
          `Sie haben die Waren unverzüglich und in jedem Fall spätestens binnen vierzehn Tagen ab dem Tag, an dem Sie uns über den Widerruf dieses Vertrags unterrichten, an ${d.shop.returnAddress} zurückzusenden oder zu übergeben. Die Frist ist gewahrt, wenn Sie die Waren vor Ablauf der Frist von vierzehn Tagen absenden.`,
        ),
        p(
          d.shop.returnCostsBorneBy === 'customer'
            ? 'Sie tragen die unmittelbaren Kosten der Rücksendung der Waren.'
            : 'Wir tragen die Kosten der Rücksendung der Waren.',
        ),
        p(
          'Sie müssen für einen etwaigen Wertverlust der Waren nur aufkommen, wenn dieser Wertverlust auf einen zur Prüfung der Beschaffenheit, Eigenschaften und Funktionsweise der Waren nicht notwendigen Umgang mit ihnen zurückzuführen ist.',
        ),
      ),
      section(
        'online',
        'Widerruf über unsere Website',
        p(
          'Ohne Anmeldung: Auf der Seite ',
          link(WITHDRAWAL_BUTTON_PATH, 'Vertrag widerrufen'),
          ' geben Sie Ihren Namen, die Bestellnummer aus der Bestellbestätigung und die E-Mail-Adresse Ihrer Bestellung an und bestätigen den Widerruf. Die Eingangsbestätigung mit dem Inhalt Ihrer Erklärung sowie Datum und Uhrzeit des Eingangs senden wir an diese E-Mail-Adresse.',
        ),
      ),
      section(
        'form',
        'Muster-Widerrufsformular',
        p('(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)'),
        list(
          `An ${postalAddress(d)}, E-Mail: ${d.email}:`,
          'Hiermit widerrufe(n) ich/wir (*) den von mir/uns (*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (*)/die Erbringung der folgenden Dienstleistung (*)',
          'Bestellt am (*)/erhalten am (*)',
          'Name des/der Verbraucher(s)',
          'Anschrift des/der Verbraucher(s)',
          'Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier)',
          'Datum',
        ),
        p('(*) Unzutreffendes streichen.'),
      ),
    ],
  };
};
