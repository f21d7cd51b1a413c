import { link, list, p, section, type LegalTemplate } from '../document';
import { postalAddress, WITHDRAWAL_BUTTON_PATH } from '../shop-terms';

/**
 * Informations concernant l'exercice du droit de rétractation, after the model in Annex I(A) of
 * Directive 2011/83/EU (French version), variant "several goods delivered separately", and the model
 * withdrawal form (Annex I(B)). A template the association must have reviewed.
 */
export const withdrawalFr: LegalTemplate = (d) => {
  const trader = `${postalAddress(d)}, téléphone : ${d.phone}, e-mail : ${d.email}`;
  return {
    sections: [
      section(
        'right',
        'Droit de rétractation',
        p('Vous avez le droit de vous rétracter du présent contrat sans donner de motif dans un délai de quatorze jours.'),
        p(
          'Le délai de rétractation expire quatorze jours après le jour où vous-même, ou un tiers autre que le transporteur et désigné par vous, prend physiquement possession du dernier bien.',
        ),
        p(
          `Pour exercer le droit de rétractation, vous devez nous notifier (${trader}) votre décision de rétractation du présent contrat au moyen d'une déclaration dénuée d'ambiguïté (par exemple, lettre envoyée par la poste ou courrier électronique). Vous pouvez utiliser le modèle de formulaire de rétractation ci-dessous, mais ce n'est pas obligatoire.`,
        ),
        p(
          'Vous pouvez également remplir et transmettre le modèle de formulaire de rétractation ou toute autre déclaration dénuée d’ambiguïté sur notre site internet (',
          link(WITHDRAWAL_BUTTON_PATH, 'Se rétracter du contrat'),
          '). Si vous utilisez cette option, nous vous enverrons sans délai un accusé de réception de la rétractation sur un support durable (par exemple, par courriel).',
        ),
        p(
          'Pour que le délai de rétractation soit respecté, il suffit que vous transmettiez votre communication relative à l’exercice du droit de rétractation avant l’expiration du délai de rétractation.',
        ),
      ),
      section(
        'consequences',
        'Effets de la rétractation',
        p(
          'En cas de rétractation de votre part du présent contrat, nous vous rembourserons tous les paiements reçus de vous, y compris les frais de livraison (à l’exception des frais supplémentaires découlant du fait que vous avez choisi, le cas échéant, un mode de livraison autre que le mode moins coûteux de livraison standard proposé par nous) sans retard excessif et, en tout état de cause, au plus tard quatorze jours à compter du jour où nous sommes informés de votre décision de rétractation du présent contrat. Nous procéderons au remboursement en utilisant le même moyen de paiement que celui que vous aurez utilisé pour la transaction initiale, sauf si vous convenez expressément d’un moyen différent ; en tout état de cause, ce remboursement n’occasionnera pas de frais pour vous.',
        ),
        p(
          'Nous pouvons différer le remboursement jusqu’à ce que nous ayons reçu le bien ou jusqu’à ce que vous ayez fourni une preuve d’expédition du bien, la date retenue étant celle du premier de ces faits.',
        ),
        p(
          `Vous devrez renvoyer ou rendre le bien à ${d.shop.returnAddress}, sans retard excessif et, en tout état de cause, au plus tard quatorze jours après que vous nous aurez communiqué votre décision de rétractation du présent contrat. Ce délai est réputé respecté si vous renvoyez le bien avant l’expiration du délai de quatorze jours.`,
        ),
        p(
          d.shop.returnCostsBorneBy === 'customer'
            ? 'Vous devrez prendre en charge les frais directs de renvoi du bien.'
            : 'Nous prendrons en charge les frais de renvoi du bien.',
        ),
        p(
          'Votre responsabilité n’est engagée qu’à l’égard de la dépréciation du bien résultant de manipulations autres que celles nécessaires pour établir la nature, les caractéristiques et le bon fonctionnement de ce bien.',
        ),
      ),
      section(
        'online',
        'Rétractation sur notre site',
        p(
          'Sans connexion : sur la page ',
          link(WITHDRAWAL_BUTTON_PATH, 'Se rétracter du contrat'),
          ', indiquez votre nom, le numéro de commande figurant dans la confirmation de commande et l’adresse e-mail de votre commande, puis confirmez la rétractation. Nous envoyons l’accusé de réception, avec le contenu de votre déclaration ainsi que la date et l’heure de sa réception, à cette adresse e-mail.',
        ),
      ),
      section(
        'form',
        'Modèle de formulaire de rétractation',
        p('(Veuillez compléter et renvoyer le présent formulaire uniquement si vous souhaitez vous rétracter du contrat.)'),
        list(
          `À l’attention de ${postalAddress(d)}, e-mail : ${d.email} :`,
          'Je/Nous (*) vous notifie/notifions (*) par la présente ma/notre (*) rétractation du contrat portant sur la vente du bien (*)/pour la prestation de services (*) ci-dessous :',
          'Commandé le (*)/reçu le (*) :',
          'Nom du (des) consommateur(s) :',
          'Adresse du (des) consommateur(s) :',
          'Signature du (des) consommateur(s) (uniquement en cas de notification du présent formulaire sur papier) :',
          'Date :',
        ),
        p('(*) Rayez la mention inutile.'),
      ),
    ],
  };
};
