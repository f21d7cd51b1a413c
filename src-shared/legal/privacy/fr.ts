import { DONATION_MANAGE_LINK_LIFETIME_DAYS, SIMPLIFIED_RECEIPT_LIMIT_CENTS } from '@shared/constants';
import { formatWholeEuros } from '@shared/money';
import { box, type LegalTemplate, link, list, p, section } from '../document';
import { WITHDRAWAL_BUTTON_PATH } from '../shop-terms';
import { describedProcessing, mailLink as mail, present, sections } from './parts';

/**
 * Politique de confidentialité, French. Follows the German version (the source) section by section,
 * written for French readers rather than translated word for word; the German version prevails. Every
 * period comes from `details.retention`. A template the association has reviewed by a lawyer before going live.
 */

const jours = (n: number) => (n === 1 ? '1 jour' : `${n} jours`);
const ans = (n: number) => (n === 1 ? '1 an' : `${n} ans`);
const secondes = (n: number) => (n === 1 ? '1 seconde' : `${n} secondes`);

export const privacyFr: LegalTemplate = (d) => {
  const receiptLimit = formatWholeEuros(SIMPLIFIED_RECEIPT_LIMIT_CENTS);
  const { features, retention: r, storage } = d;
  const described = describedProcessing(features);
  const address = `${d.address.street}, ${d.address.postcode} ${d.address.city}, ${d.address.country}`;
  const mailServer = d.mailProvider || 'le prestataire de messagerie que nous avons mandaté';
  const hosting = d.hostingProvider || 'notre hébergeur';

  return {
    sections: sections(
      section(
        'controller',
        'Responsable du traitement',
        p('Le responsable du traitement des données personnelles sur ce site est :'),
        list(
          `${d.orgName} (${d.legalForm})`,
          address,
          ...d.board.map((member) => `représentée par ${member.name} (${member.role})`),
          ['E-mail : ', mail(d.email)],
          `Téléphone : ${d.phone}`,
        ),
        p('Vous trouverez d’autres informations dans nos ', link('/impressum', 'mentions légales'), '.'),
      ),
      d.privacyContact &&
        section(
          'privacy-contact',
          'Contact pour la protection des données',
          p('Pour toute question relative à la protection des données, vous pouvez nous joindre à l’adresse suivante :'),
          p(d.privacyContact),
        ),
      section(
        'overview',
        'L’essentiel en bref',
        p(
          'Nous ne traitons des données personnelles que dans la mesure où ce site, et ce que vous y faites, l’exige. ',
          'Nous n’utilisons aucun outil de mesure d’audience ni de suivi, n’affichons aucune publicité et n’intégrons ni contenus ni scripts de tiers. ',
          'Les polices de caractères sont servies depuis notre propre serveur : l’affichage de nos pages ne vous connecte à aucun autre fournisseur. ',
          'Une exception : si un article du blog affiche une image d’un autre site web, votre navigateur la charge depuis ce site, dont le fournisseur voit votre adresse IP. ',
          'Toutes les pages et tous les formulaires sont transmis de manière chiffrée (TLS).',
        ),
      ),
      section(
        'server-logs',
        'Consultation du site et journaux du serveur',
        p(
          'À chaque consultation d’une page, notre application enregistre la méthode de la requête, l’adresse demandée, le statut de la réponse, ',
          'la durée de traitement et un identifiant aléatoire de la requête. L’application n’inscrit pas votre adresse IP dans ce journal.',
        ),
        p(
          `Le serveur ou le serveur web placé en amont (proxy inverse) chez ${hosting} peut en outre enregistrer votre adresse IP, la date et l’heure, `,
          'l’adresse demandée, la page consultée auparavant (référent) et l’identification de votre navigateur (user agent).',
        ),
        p(
          'Ces données servent à afficher le site, à détecter les erreurs et à repousser les attaques. La base juridique est l’article 6, ',
          'paragraphe 1, point f), du RGPD ; notre intérêt légitime est le fonctionnement sûr et stable du site. ',
          `Les journaux sont supprimés au plus tard au bout de ${jours(r.logDays)}.`,
        ),
      ),
      section(
        'rate-limiting',
        'Protection contre les abus',
        p(
          'Pour éviter que les formulaires et la connexion ne soient utilisés de façon abusive à grande échelle, nous comptons pendant une courte durée ',
          'combien de fois un formulaire a été envoyé ou une connexion tentée depuis une adresse IP ou pour une adresse e-mail. Nous n’enregistrons ',
          'que l’adresse IP ou e-mail, le type d’action, un compteur et le début de la période de comptage.',
        ),
        p(
          'La base juridique est l’article 6, paragraphe 1, point f), du RGPD ; notre intérêt légitime est de protéger le site et ses utilisateurs ',
          `contre les abus. Les compteurs sont supprimés automatiquement et régulièrement dès que leur période remonte à plus de ${jours(r.rateLimitDays)}.`,
        ),
      ),
      section(
        'admin-audit',
        'Journal de l’administration',
        p(
          'Nous consignons ce que nos administrateurs font dans l’espace d’administration de ce site (par exemple publier un article, ',
          'traiter une commande ou attribuer un rôle) : le compte qui a agi (son identifiant et son adresse e-mail), l’action et son objet, ',
          'la date et l’heure ainsi que l’adresse IP depuis laquelle l’action a été effectuée. Nous consignons aussi les connexions des ',
          'administrateurs et chaque tentative de connexion échouée avec l’adresse e-mail d’un compte administrateur (mot de passe ou code ',
          'erroné), avec l’adresse IP d’où provenait la tentative, même si elle a été faite par une autre personne. ',
          'Nous n’enregistrons pas le mot de passe saisi.',
        ),
        p(
          'La finalité est la sécurité du site et la traçabilité de son administration : il doit être possible d’établir qui a modifié quoi ',
          'et quand, et de détecter les attaques contre les comptes administrateurs. La base juridique est l’article 6, paragraphe 1, point f), ',
          'du RGPD ; notre intérêt légitime réside dans la sécurité du site et la responsabilité des modifications qui y sont apportées. ',
          `Les entrées sont supprimées automatiquement au bout de ${jours(r.auditDays)}.`,
        ),
      ),
      section(
        'device-storage',
        'Ce que nous enregistrons sur votre appareil (cookies)',
        p('Nous n’enregistrons sur votre appareil que ce qui est strictement nécessaire aux fonctions que vous utilisez :'),
        list(
          [
            `Cookie de session « ${storage.sessionCookie} » : déposé uniquement lorsque vous vous connectez, il contient un identifiant de session aléatoire `,
            `qui vous identifie comme connecté. Il est valable ${jours(r.sessionDays)}, prolongé tant que vous utilisez le site, et supprimé à la déconnexion. `,
            'Les scripts ne peuvent pas le lire (HttpOnly) et il n’est envoyé qu’à ce site.',
          ],
          [
            `Cookie de langue « ${storage.languageCookie} » : déposé lorsque vous ouvrez une page dans une langue donnée, par exemple avec le `,
            'sélecteur de langue ou par un lien qui indique une langue (p. ex. dans un e-mail de notre part ou depuis un moteur de recherche) ; ',
            `il ne contient que le code de langue (p. ex. « fr »), afin que les pages suivantes s’affichent dans cette langue. Durée : ${jours(r.languageCookieDays)}, `,
            'prolongée à chaque page consultée.',
          ],
          [
            `Entrée « ${storage.languageStorageKey} » dans le stockage local (localStorage) : déposée uniquement lorsque vous changez de langue `,
            'avec le sélecteur de langue, elle ne contient elle aussi que le code de langue. Si le cookie de langue manque (expiré ou supprimé), ',
            'la page le dépose à nouveau à partir de cette entrée, afin que votre choix s’applique. L’entrée n’a pas de date d’expiration et reste ',
            'enregistrée jusqu’à ce que vous la supprimiez dans votre navigateur.',
          ],
          [
            `Cookie de message « ${storage.noticeCookie} » : déposé lorsque vous envoyez un formulaire sans JavaScript et que la page suivante `,
            'affiche un message à ce sujet (p. ex. que votre message a été envoyé) ; il indique seulement de quel message il s’agit. Les scripts ',
            `ne peuvent pas le lire (HttpOnly) ; il est supprimé dès que le message a été affiché et il est valable ${secondes(r.noticeCookieSeconds)} au plus.`,
          ],
          [
            `Panier « ${storage.cartStorageKey} » dans le stockage local (localStorage) : les articles que vous placez dans votre panier. `,
            'Il ne quitte votre appareil que lorsque vous passez commande et il est supprimé lorsque vous videz le panier ou commandez.',
          ],
        ),
        p(
          'Ces enregistrements sont strictement nécessaires aux fonctions que vous avez expressément demandées (connexion, choix de la langue, panier, ',
          'message après l’envoi d’un formulaire). ',
          'En vertu du § 25, alinéa 2, n° 2 de la loi allemande TDDDG (protection des données dans les télécommunications et les services numériques), ',
          'ils ne nécessitent pas votre consentement ; c’est pourquoi nous n’affichons pas de bandeau cookies. Lorsque des données personnelles ',
          'sont concernées, la base juridique est l’article 6, paragraphe 1, point b), du RGPD (connexion, commandes) ou le point f) (choix de la langue, ',
          'message après l’envoi d’un formulaire).',
        ),
        p(
          'Nous n’utilisons aucun autre cookie, aucun cookie tiers et aucune technique de mesure d’audience ou de suivi. ',
          'Vous pouvez à tout moment supprimer les cookies et entrées enregistrés dans votre navigateur.',
        ),
      ),
      section(
        'accounts',
        'Compte utilisateur',
        p(
          'Lorsque vous créez un compte, nous enregistrons vos prénom et nom, votre adresse e-mail, une empreinte sécurisée (hash) de votre mot de passe ',
          '(jamais le mot de passe lui-même), votre langue ainsi que les dates d’inscription et de confirmation de votre adresse e-mail. ',
          'Pour confirmer votre adresse ou réinitialiser votre mot de passe, nous vous envoyons des e-mails contenant un lien valable peu de temps.',
        ),
        p(
          'Ces données servent à mettre votre compte à disposition (connexion, suivi des commandes). La base juridique est l’article 6, paragraphe 1, ',
          'point b), du RGPD. Elles sont conservées jusqu’à ce que vous supprimiez votre compte, ce que vous pouvez faire vous-même à tout moment dans ',
          link('/account', 'Mon compte'),
          ' ; vous pouvez également y modifier et télécharger vos données. Un compte dont l’adresse e-mail n’est jamais confirmée est supprimé ',
          `automatiquement ${jours(r.unverifiedAccountDays)} après l’inscription, ou au plus tard ${jours(r.unverifiedAccountDays + r.unverifiedAccountGraceDays)} après si un nouveau lien de confirmation a été demandé peu avant, afin qu’il ne reste aucun compte créé par un tiers avec votre adresse.`,
        ),
        p(
          'Si vous activez la connexion à deux facteurs, nous enregistrons en outre la clé secrète de votre application d’authentification, ',
          'la date de sa mise en place, le dernier code utilisé, vos codes de récupération (uniquement sous forme d’empreinte) et, à chaque ',
          'connexion après le mot de passe, un identifiant pour la seconde étape (lui aussi uniquement sous forme d’empreinte) qui expire au ',
          'bout de quelques minutes. La finalité est de sécuriser votre connexion ; ces données n’existent que si vous activez la connexion à ',
          'deux facteurs (pour les comptes administrateurs, nous pouvons l’imposer). La base juridique est l’article 6, paragraphe 1, point b), ',
          'du RGPD et, pour les comptes administrateurs, le point f) (sécurité du site). Ces données sont supprimées lorsque vous désactivez la ',
          'connexion à deux facteurs, lorsque nous la réinitialisons à votre demande ou lorsque vous supprimez votre compte ; les identifiants ',
          'de connexion expirés ou utilisés sont supprimés au bout d’un jour.',
        ),
      ),
      section(
        'contact-form',
        'Formulaire de contact',
        p(
          'Lorsque vous nous écrivez via le formulaire de contact, nous enregistrons votre nom, votre adresse e-mail, le cas échéant votre organisation, ',
          'le type de demande, l’objet, votre message et la langue de la page. Nous transmettons le message par e-mail à notre équipe ',
          'et vous envoyons un accusé de réception.',
        ),
        p(
          'Ces données servent à répondre à votre demande. La base juridique est l’article 6, paragraphe 1, point b), du RGPD si votre demande ',
          'concerne un contrat, sinon le point f) (notre intérêt légitime à répondre aux demandes). ',
          `Le message enregistré est supprimé automatiquement au bout de ${jours(r.contactDays)}.`,
        ),
      ),
      section(
        'whatsapp',
        'WhatsApp et liens de partage',
        p(
          'Nos pages comportent un bouton pour nous écrire sur WhatsApp et, sous les articles du blog, des liens pour partager un article ',
          'sur WhatsApp, LinkedIn ou Mastodon. Ce sont de simples liens : tant que vous ne cliquez sur aucun d’eux, rien n’est transmis à ces services.',
        ),
        p(
          'Si vous cliquez sur un tel lien, votre navigateur ou votre appareil ouvre le service concerné. Celui-ci apprend alors notamment ',
          'votre adresse IP et la page que vous souhaitez partager, ou le fait que vous souhaitez nous écrire, et traite ces données en tant que ',
          'responsable de traitement distinct selon sa propre politique de confidentialité ; pour WhatsApp (WhatsApp Ireland Limited, une société ',
          'du groupe Meta), il s’agit de la ',
          link('https://www.whatsapp.com/legal/privacy-policy-eea', 'politique de confidentialité de WhatsApp'),
          '. Ces services peuvent aussi traiter des données aux États-Unis.',
        ),
        p(
          'Si vous nous écrivez sur WhatsApp, nous recevons votre numéro de téléphone, votre nom de profil et vos messages. Nous les utilisons ',
          'uniquement pour répondre à votre demande ; la base juridique est la même que pour le formulaire de contact (article 6, paragraphe 1, ',
          'point b) ou f), du RGPD). Nous supprimons la conversation dès que votre demande est traitée, sauf obligation légale de conservation. ',
          'Si vous ne souhaitez pas utiliser WhatsApp, vous pouvez tout aussi bien nous joindre par e-mail à l’adresse ',
          mail(d.email),
          ' ou via le ',
          link('/contact', 'formulaire de contact'),
          '.',
        ),
      ),
      section(
        'newsletter',
        'Lettre d’information',
        p(
          'Vous ne recevez notre lettre d’information qu’avec votre consentement (article 6, paragraphe 1, point a), du RGPD). Après votre inscription, ',
          'nous vous envoyons un e-mail contenant un lien de confirmation ; l’abonnement ne devient actif qu’une fois ce lien cliqué (double opt-in). ',
          `Les inscriptions non confirmées sont supprimées au bout de ${jours(r.unconfirmedNewsletterDays)}.`,
        ),
        p(
          'Nous enregistrons votre adresse e-mail et la langue choisie. Pour prouver votre consentement, nous conservons en outre la date et l’heure ',
          'de l’inscription et de la confirmation, l’adresse IP utilisée à chaque fois, le texte exact du consentement et la version de la présente ',
          'politique qui vous ont été présentés, ainsi que la langue. La base juridique de cette preuve est l’article 6, paragraphe 1, point c), ',
          'en liaison avec l’article 7, paragraphe 1, du RGPD.',
        ),
        p(
          'Vous pouvez retirer votre consentement à tout moment, le plus simplement via le lien de désinscription présent dans chaque lettre. ',
          'Vous ne recevrez alors plus de lettre d’information. Nous conservons la preuve du consentement tant que vous êtes abonné, ',
          `puis ${jours(r.newsletterConsentDays)} après votre désinscription afin de pouvoir la produire si nécessaire ; elle est ensuite supprimée.`,
        ),
      ),
      described.orders &&
        section(
          'orders',
          'Commandes dans la boutique',
          p(
            'Pour une commande, nous traitons vos nom, adresse de livraison et adresse e-mail, le cas échéant votre numéro de téléphone, ',
            'les articles commandés, les montants et un numéro de commande, afin d’exécuter le contrat (expédition, garantie, rétractation). ',
            'La base juridique est l’article 6, paragraphe 1, point b), du RGPD. Nous vous envoyons des confirmations de commande par e-mail.',
          ),
          described.printful
            ? p(
                'Les articles sont imprimés et expédiés pour notre compte par Printful (Printful Inc. et ses sociétés affiliées). À cette fin, nous ',
                'transmettons à Printful votre nom, votre adresse de livraison, votre adresse e-mail, le cas échéant votre numéro de téléphone et ',
                'les articles commandés. Printful traite ces données en tant que sous-traitant (article 28 du RGPD) et transmet les informations ',
                'de livraison au transporteur.',
              )
            : p(
                'Votre commande est traitée et expédiée par notre association elle-même ; aucun prestataire de fabrication ou d’expédition n’intervient.',
              ),
          p(
            `Nous conservons les données de commande pendant ${ans(r.orderYears)} à compter de la fin de l’année de la commande, comme `,
            'l’exige le droit fiscal et commercial allemand (§ 147 AO, § 257 HGB ; base juridique : article 6, paragraphe 1, point c), du RGPD). ',
            'Nous effaçons ensuite de la commande vos nom, adresse et coordonnées. Si vous supprimez votre compte avant, la commande reste ',
            'enregistrée, sans lien avec le compte, jusqu’à la fin de ce délai.',
          ),
          p(
            'Une commande pour laquelle aucun paiement n’a jamais été reçu ne constitue pas une pièce comptable et n’est donc soumise à aucune ',
            'obligation de conservation : si le paiement n’a pas été mené à terme, a expiré ou a échoué, ou si la commande a été annulée avant ',
            'tout paiement ou jamais exécutée parce que la boutique fonctionnait en mode démonstration, nous en effaçons vos nom, adresse et ',
            `coordonnées ${jours(r.unpaidDays)} après la commande.`,
          ),
        ),
      // Its own section: the notice under the withdrawal form links here (PrivacyNotice, kind 'withdrawal').
      described.orders &&
        section(
          'withdrawals',
          'Rétractation d’une commande',
          p(
            'Si vous vous rétractez d’un contrat au moyen de notre fonction de rétractation (',
            link(WITHDRAWAL_BUTTON_PATH, 'Se rétracter du contrat'),
            '), nous enregistrons votre nom, le numéro de commande, l’adresse e-mail, votre message si vous en écrivez un, la langue de la ',
            'page ainsi que la date et l’heure de réception. Nous envoyons l’accusé de réception à cette adresse e-mail et informons notre ',
            'équipe afin qu’elle traite la rétractation. La base juridique est l’article 6, paragraphe 1, point b), du RGPD (remboursement ',
            'et restitution au titre du contrat) et point c) (obligation légale d’accuser réception de la rétractation). Nous conservons la ',
            'déclaration aussi longtemps que la commande à laquelle elle se rapporte.',
          ),
        ),
      described.payments &&
        section(
          'payments',
          'Paiement via Stripe',
          p(
            'Les paiements sont traités par Stripe (Stripe Payments Europe Ltd., 1 Grand Canal Street Lower, Dublin 2, Irlande). ',
            'Pour payer, vous êtes redirigé vers une page de Stripe ; vous n’y saisissez vos données de carte ou de compte (IBAN) que là, ',
            'et elles n’atteignent jamais notre serveur. Stripe ne nous communique que le statut du paiement et un identifiant de paiement.',
          ),
          p(
            'Stripe traite les données de paiement en tant que sous-traitant (article 28 du RGPD) et, pour la prévention de la fraude et ses propres ',
            'obligations légales, en tant que responsable du traitement indépendant. La base juridique est l’article 6, paragraphe 1, point b), du RGPD ',
            '(paiement) et le point f) (prévention de la fraude). Stripe peut transférer des données vers les États-Unis ; ces transferts reposent sur ',
            'le cadre de protection des données UE-États-Unis (Data Privacy Framework), auquel Stripe est certifié, et sur les clauses contractuelles ',
            'types de la Commission européenne. Sur sa page de paiement, Stripe dépose ses propres cookies sous sa propre responsabilité. Pour en savoir plus, consultez la ',
            link('https://stripe.com/fr/privacy', 'politique de confidentialité de Stripe'),
            '.',
          ),
        ),
      described.donations &&
        section(
          'donations',
          'Dons',
          p(
            'Lorsque vous faites un don via notre formulaire, nous traitons le montant, s’il est ponctuel ou mensuel, votre adresse e-mail, ',
            'facultativement votre nom, la langue choisie, la date et les identifiants que Stripe nous communique pour le paiement (pour les ',
            'dons mensuels, également votre identifiant client chez Stripe). Nous utilisons ces données pour traiter votre don, vous remercier ',
            'et confirmer le don par e-mail et, pour les dons mensuels, pour que vous puissiez le modifier ou l’arrêter via le lien figurant ',
            `dans chaque e-mail de remerciement (un lien est valable ${DONATION_MANAGE_LINK_LIFETIME_DAYS} jours ; chaque e-mail de remerciement en contient un nouveau). Le paiement lui-même est traité par Stripe (voir « Paiement via Stripe »).`,
          ),
          p(
            `Pour un don supérieur à ${receiptLimit} (pour les dons mensuels : lorsque le montant mensuel le dépasse), la page de paiement de Stripe `,
            'vous demande en plus votre adresse postale, et Stripe nous transmet avec le paiement votre nom et cette adresse. Nous les utilisons ',
            'uniquement pour établir et vous envoyer le reçu fiscal selon le modèle officiel (Zuwendungsbestätigung) ; pour les dons plus petits, ',
            'nous ne collectons aucune adresse. La base juridique est l’article 6, paragraphe 1, point c), du RGPD, en liaison avec le § 10b EStG ',
            'et le § 50 EStDV, selon lesquels le reçu indique le nom et l’adresse du donateur. Nous conservons votre nom et votre adresse comme ',
            'les autres données de don (voir ci-dessous).',
          ),
          p(
            'La base juridique est l’article 6, paragraphe 1, point b), du RGPD (traitement du don à votre demande) et le point c) ',
            '(obligations fiscales allemandes de justification et de conservation des dons et des reçus fiscaux).',
          ),
          p(
            `Nous conservons les données de don pendant ${ans(r.orderYears)} à compter de la fin de l’année du don, car, comme toutes les `,
            'pièces comptables, elles sont soumises aux obligations légales de conservation du droit fiscal et commercial allemand ',
            '(§ 147 AO, § 257 HGB, § 50, al. 7, EStDV).',
          ),
          p(
            'Un don pour lequel aucun paiement n’a jamais été reçu (paiement non mené à terme, expiré ou échoué) ne constitue pas une pièce ',
            'comptable : nous en effaçons vos nom, adresse e-mail et identifiant client chez Stripe ',
            `${jours(r.unpaidDays)} après le début du don.`,
          ),
        ),
      section(
        'email',
        'Envoi d’e-mails',
        features.smtp
          ? p(
              `Nous envoyons nos e-mails (confirmations, réponses, lettres d’information) via ${mailServer}, qui traite votre adresse e-mail et le `,
              'contenu du message. ',
              d.mailProvider ? `${d.mailProvider} agit en tant que sous-traitant (article 28 du RGPD). ` : '',
              'La base juridique est celle de l’opération à laquelle l’e-mail se rapporte.',
            )
          : p(
              'Cette installation n’envoie pas d’e-mails par un service extérieur : les messages sortants sont enregistrés sur notre propre serveur. ',
              'La base juridique est celle de l’opération à laquelle l’e-mail se rapporte.',
            ),
        p(
          `La copie de chaque e-mail envoyé est supprimée de notre serveur ${jours(r.sentMailDays)} après l’envoi, celle d’un e-mail `,
          `qui n’a pas pu être distribué ${jours(r.sentMailDays)} après sa création.`,
        ),
      ),
      section(
        'hosting',
        'Hébergement',
        d.hostingProvider
          ? p(
              `Ce site est hébergé par ${d.hostingProvider}. Toutes les données traitées sur ce site sont enregistrées sur ses serveurs ; `,
              'l’hébergeur ne les traite que pour notre compte (article 28 du RGPD).',
            )
          : p('Ce site fonctionne sur un serveur géré par nous ou pour notre compte (article 28 du RGPD).'),
        p(
          'La base juridique est l’article 6, paragraphe 1, point f), du RGPD ; notre intérêt légitime est la mise à disposition fiable du site.',
        ),
      ),
      section(
        'recipients',
        'Destinataires',
        p(
          'Seuls les membres de notre équipe qui en ont besoin pour leur mission ont accès à vos données, ainsi que les prestataires suivants :',
        ),
        list(
          ...present(
            d.hostingProvider ? `${d.hostingProvider} (hébergement)` : 'notre hébergeur (hébergement)',
            features.smtp ? `${d.mailProvider || 'notre prestataire de messagerie'} (envoi d’e-mails)` : null,
            described.printful ? 'Printful et les transporteurs auxquels il fait appel (fabrication et expédition)' : null,
            described.payments ? 'Stripe (traitement des paiements)' : null,
          ),
        ),
        p(
          'Au-delà, nous ne transmettons de données que si la loi nous y oblige, par exemple aux autorités. Nous ne vendons aucune donnée.',
        ),
      ),
      section(
        'third-countries',
        'Transferts hors de l’Union européenne',
        described.printful || described.payments
          ? p(
              'Certains prestataires (',
              present(described.printful && 'Printful', described.payments && 'Stripe').join(', '),
              ') peuvent aussi traiter des données aux États-Unis. Ces transferts reposent sur la décision d’adéquation de la Commission européenne ',
              'relative au cadre de protection des données UE-États-Unis lorsque le destinataire y est certifié, et sinon sur des clauses contractuelles ',
              'types (article 46, paragraphe 2, point c), du RGPD). Vous pouvez nous demander une copie de ces garanties.',
            )
          : p(
              'Nous ne transférons aucune donnée personnelle vers des pays situés hors de l’Union européenne ou de l’Espace économique européen.',
            ),
      ),
      section(
        'legal-bases',
        'Bases juridiques en un coup d’œil',
        list(
          'Article 6, paragraphe 1, point a), du RGPD (consentement) : lettre d’information.',
          `Point b) (contrat et mesures précontractuelles) : compte utilisateur${described.orders ? ', commandes' : ''}${described.payments ? ', paiements' : ''}${described.donations ? ', dons' : ''}, demandes relatives à un contrat.`,
          `Point c) (obligation légale) : preuve du consentement à la lettre d’information${described.orders ? ', conservation des données de commande' : ''}${described.donations ? ', conservation des données de don' : ''}.`,
          `Point f) (intérêt légitime) : journaux du serveur, protection contre les abus, journal de l’administration, choix de la langue, autres demandes, hébergement${described.payments ? ', prévention de la fraude lors des paiements' : ''}.`,
          '§ 25, alinéa 2, n° 2 TDDDG : enregistrement du cookie de session, du choix de la langue, du cookie de message et du panier sur votre appareil.',
        ),
      ),
      section(
        'retention',
        'Durées de conservation',
        list(
          ...present(
            `Journaux du serveur : ${jours(r.logDays)}.`,
            `Compteurs de protection contre les abus : ${jours(r.rateLimitDays)}.`,
            `Cookie de session et session : ${jours(r.sessionDays)}, prolongés en cas d’utilisation ; supprimés à la déconnexion.`,
            `Cookie de langue : ${jours(r.languageCookieDays)} après la dernière page consultée ; choix de langue dans le stockage local : jusqu’à ce que vous le supprimiez dans votre navigateur.`,
            `Cookie de message après l’envoi d’un formulaire : ${secondes(r.noticeCookieSeconds)} au plus.`,
            `Compte utilisateur : jusqu’à sa suppression par vos soins ; sans adresse e-mail confirmée, ${jours(r.unverifiedAccountDays)} après l’inscription (au plus tard ${jours(r.unverifiedAccountDays + r.unverifiedAccountGraceDays)} avec un lien demandé peu avant).`,
            `Demandes de contact : ${jours(r.contactDays)}.`,
            `Inscriptions non confirmées à la lettre d’information : ${jours(r.unconfirmedNewsletterDays)}.`,
            `Abonnement à la lettre d’information : jusqu’à la désinscription ; preuve du consentement ${jours(r.newsletterConsentDays)} au-delà.`,
            described.orders
              ? `Commandes : ${ans(r.orderYears)} (obligation légale de conservation) ; jamais payées ou jamais exécutées : ${jours(r.unpaidDays)}.`
              : null,
            described.donations
              ? `Dons : ${ans(r.orderYears)} (obligation légale de conservation) ; jamais payés : ${jours(r.unpaidDays)}.`
              : null,
            `Copies des e-mails envoyés ou non distribuables : ${jours(r.sentMailDays)}.`,
            `Journal des actions de nos administrateurs (qui a fait quoi et quand, avec l’adresse IP de l’administrateur) : ${jours(r.auditDays)}.`,
          ),
        ),
        p(
          'Lorsque nous réalisons des copies de sauvegarde quotidiennes de notre base de données, celles-ci contiennent aussi des données ',
          `que nous avons supprimées entre-temps. Chaque copie de sauvegarde est remplacée par de plus récentes et supprimée au bout de ${jours(r.backupDays)} ; `,
          'jusque-là, elle sert uniquement à restaurer les données après une panne ou une erreur.',
        ),
      ),
      section(
        'rights',
        'Vos droits',
        p('Vous avez à tout moment le droit'),
        list(
          'd’accéder aux données que nous détenons sur vous (article 15 du RGPD),',
          'de faire rectifier des données inexactes (article 16 du RGPD),',
          'd’obtenir l’effacement de vos données (article 17 du RGPD) ou la limitation de leur traitement (article 18 du RGPD),',
          'de recevoir vos données dans un format courant (portabilité, article 20 du RGPD),',
          'de vous opposer au traitement (article 21 du RGPD, voir ci-dessous),',
          'de retirer à tout moment un consentement donné, pour l’avenir (article 7, paragraphe 3, du RGPD).',
        ),
        p(
          'Vous pouvez faire une grande partie de ces démarches vous-même dans ',
          link('/account', 'Mon compte'),
          ' : modifier ou télécharger vos données, ou supprimer le compte. Pour tout le reste, un e-mail à ',
          mail(d.email),
          ' suffit. Nous répondons dans les meilleurs délais et au plus tard dans un délai d’un mois.',
        ),
      ),
      section(
        'objection',
        'Droit d’opposition',
        box(
          'Votre droit d’opposition (article 21 du RGPD)',
          'Lorsque nous traitons des données sur la base de notre intérêt légitime (article 6, paragraphe 1, point f), du RGPD), vous pouvez vous opposer à tout moment à ce traitement pour des raisons tenant à votre situation particulière. Nous cessons alors le traitement, à moins de démontrer des motifs légitimes et impérieux qui prévalent sur vos intérêts, ou que le traitement ne soit nécessaire à la constatation, à l’exercice ou à la défense de droits en justice.',
          'Lorsque vos données sont traitées à des fins de prospection, par exemple pour notre lettre d’information, vous pouvez vous y opposer à tout moment sans avoir à vous justifier ; elles ne seront alors plus utilisées à cette fin.',
          ['Il vous suffit d’adresser votre opposition à ', mail(d.email), '.'],
        ),
      ),
      section(
        'complaint',
        'Réclamation auprès d’une autorité de contrôle',
        p(
          'Vous avez le droit d’introduire une réclamation auprès d’une autorité de contrôle de la protection des données (article 77 du RGPD), ',
          'notamment dans le pays où vous résidez ou travaillez. L’autorité compétente pour nous est :',
        ),
        p(d.supervisoryAuthority),
      ),
      section(
        'automated-decisions',
        'Aucune décision automatisée',
        p(
          'Nous ne prenons aucune décision fondée exclusivement sur un traitement automatisé et ne procédons à aucun profilage (article 22 du RGPD).',
        ),
      ),
      section(
        'requirement',
        'Êtes-vous tenu de nous fournir des données ?',
        p(
          'Vous n’êtes soumis à aucune obligation légale ou contractuelle de nous fournir des données, et vous pouvez consulter ce site sans ',
          'communiquer d’informations personnelles. Sans les champs signalés comme obligatoires, nous ne pouvons toutefois pas créer de compte, ',
          'répondre à une demande',
          features.shopOrders ? ', exécuter une commande' : '',
          ' ni vous envoyer notre lettre d’information.',
        ),
      ),
    ),
  };
};
