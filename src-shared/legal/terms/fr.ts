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

/** Conditions générales de vente de la boutique (French). A template the association must have reviewed. */
export const termsFr: LegalTemplate = (d) => {
  const shipping = formatCents(d.shop.shippingCents);
  const days = deliveryDaysRange(d.shop.deliveryDays);
  const payment = shopPaymentMethod(d);
  // Under the small-business rule (KLEINUNTERNEHMER) no VAT is charged: saying it is included would
  // mislead (§ 19 UStG, § 5 UWG).
  const finalPrices = d.shop.kleinunternehmer
    ? 'Tous les prix sont des prix finaux en euros. Aucune TVA n’est facturée, en application du § 19 UStG (régime allemand des petites entreprises).'
    : 'Tous les prix sont des prix finaux en euros, TVA légale comprise.';
  return {
    sections: [
      section(
        'scope',
        '1. Champ d’application',
        p(
          `Les présentes conditions générales de vente s’appliquent à toutes les commandes passées par des consommateurs auprès de ${d.orgName} via la boutique de ce site. Est consommateur toute personne physique qui conclut un acte juridique à des fins qui n’entrent pas principalement dans le cadre de son activité commerciale ou professionnelle indépendante (§ 13 BGB).`,
        ),
      ),
      section(
        'seller',
        '2. Cocontractant',
        p(`Votre cocontractant est ${postalAddress(d)}${d.legalForm ? ` (${d.legalForm})` : ''}.`),
        p(`E-mail : ${d.email} · Téléphone : ${d.phone}`),
        p('Vous trouverez d’autres informations dans les ', link('/impressum', 'mentions légales'), '.'),
      ),
      section(
        'contract',
        '3. Conclusion du contrat',
        p(
          'La présentation des produits dans la boutique ne constitue pas une offre juridiquement contraignante, mais une invitation à commander. Pour commander, il faut un compte client avec une adresse e-mail confirmée.',
        ),
        p('Le contrat est conclu comme suit :'),
        list(
          'Vous placez des produits dans le panier et passez à la caisse.',
          'Vous saisissez votre adresse de livraison et vos coordonnées.',
          d.shop.kleinunternehmer
            ? 'Juste au-dessus du bouton de commande, vous voyez à nouveau les articles, le prix total frais de livraison compris, le délai de livraison et le mode de paiement.'
            : 'Juste au-dessus du bouton de commande, vous voyez à nouveau les articles, le prix total TVA et frais de livraison compris, le délai de livraison et le mode de paiement.',
          `En cliquant sur le bouton « ${ORDER_BUTTON_LABELS.fr} », vous faites une offre ferme d’achat des articles du panier.`,
          payment === 'stripe_checkout'
            ? 'Vous êtes redirigé vers la page de paiement de Stripe et y payez. Dès que Stripe nous confirme le paiement, vous recevez une confirmation de commande par e-mail. Par cet e-mail, nous acceptons votre offre : le contrat est alors conclu. En cas de prélèvement SEPA, nous vous confirmons d’abord par e-mail la réception de votre commande ; la confirmation de commande suit dès que le montant nous est parvenu.'
            : 'Vous recevez aussitôt une confirmation de commande par e-mail. Par cet e-mail, nous acceptons votre offre : le contrat est alors conclu.',
        ),
        p(
          `Vous pouvez corriger vos erreurs de saisie à tout moment avant l’envoi : modifiez vos informations directement dans les champs du formulaire de la caisse, et les articles et quantités dans le panier. Seul le clic sur « ${ORDER_BUTTON_LABELS.fr} » envoie la commande.`,
        ),
      ),
      section(
        'prices',
        '4. Prix et frais de livraison',
        p(
          `${finalPrices} Des frais de livraison de ${shipping} s’ajoutent à chaque commande, identiques pour tous les pays de livraison. Aucun autre frais ne s’applique.`,
        ),
      ),
      section(
        'delivery',
        '5. Livraison',
        p(`Nous livrons dans les pays suivants : ${shippingCountryNames('fr')}.`),
        p(
          `Vos articles sont imprimés dès réception de votre paiement. Le délai de livraison est de ${days} jours ouvrés à compter de la réception du paiement. Les articles sont fabriqués par notre prestataire d’impression et vous sont expédiés directement ; la livraison peut se faire en plusieurs colis, sans frais de livraison supplémentaires.`,
        ),
      ),
      section(
        'payment',
        '6. Paiement',
        payment === 'bank_transfer_in_advance' &&
          p(
            'Vous payez d’avance par virement bancaire. Le paiement dans la boutique n’est pas encore possible : après votre commande, nous vous envoyons nos coordonnées bancaires et le montant à payer par e-mail. Le montant est exigible à réception de cet e-mail. Dès réception de votre paiement, nous lançons la production de votre commande.',
          ),
        payment === 'stripe_checkout' &&
          p(
            `Vous payez par carte ou par prélèvement SEPA via notre prestataire de paiement Stripe. Après avoir cliqué sur « ${ORDER_BUTTON_LABELS.fr} », vous êtes redirigé vers la page de paiement de Stripe. Nous lançons la production de votre commande seulement quand Stripe nous confirme le paiement ; un paiement non abouti ou refusé annule la commande.`,
          ),
      ),
      section('title', '7. Réserve de propriété', p('Les articles restent notre propriété jusqu’à leur paiement intégral.')),
      section(
        'withdrawal',
        '8. Droit de rétractation',
        p(
          'En tant que consommateur, vous disposez d’un droit de rétractation légal. Les détails figurent dans nos ',
          link('/widerruf', 'informations sur le droit de rétractation'),
          ', qui contiennent aussi le modèle de formulaire de rétractation.',
        ),
        p(
          'Vous pouvez aussi vous rétracter du contrat en ligne avec notre ',
          link(WITHDRAWAL_BUTTON_PATH, 'fonction de rétractation'),
          '.',
        ),
      ),
      section(
        'warranty',
        '9. Garantie',
        p('La garantie légale des défauts s’applique. En cas de défaut, contactez-nous aux coordonnées indiquées à l’article 2.'),
      ),
      section(
        'languages',
        '10. Langues du contrat',
        p(
          'Le contrat peut être conclu en allemand, en anglais ou en français, dans la langue dans laquelle vous utilisez le site au moment de la commande. Les présentes conditions et les informations sur la rétractation existent dans les trois langues.',
        ),
      ),
      section(
        'storage',
        '11. Conservation du texte du contrat',
        p(
          'Nous enregistrons votre commande et ses données. L’e-mail de confirmation de commande contient les données de la commande, les présentes conditions générales de vente et les informations sur la rétractation avec le modèle de formulaire ; veuillez le conserver. Les conditions en vigueur figurent toujours sur cette page.',
        ),
      ),
      section(
        'disputes',
        '12. Règlement des litiges',
        p(
          'Nous ne sommes ni disposés ni tenus à participer à une procédure de règlement des litiges devant un organisme de médiation de la consommation.',
        ),
      ),
    ],
  };
};
