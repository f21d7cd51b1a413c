import { DONATION_MANAGE_LINK_LIFETIME_DAYS, SIMPLIFIED_RECEIPT_LIMIT_CENTS } from '@shared/constants';
import { formatWholeEuros } from '@shared/money';
import { box, type LegalTemplate, link, list, p, section } from '../document';
import { WITHDRAWAL_BUTTON_PATH } from '../shop-terms';
import { describedProcessing, mailLink as mail, present, sections } from './parts';

/**
 * Privacy policy, English. Follows the German version (the source) section by section, written for
 * English readers rather than translated word for word; the German version prevails. Every period
 * comes from `details.retention`. A template the association has reviewed by a lawyer before going live.
 */

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const years = (n: number) => (n === 1 ? '1 year' : `${n} years`);
const seconds = (n: number) => (n === 1 ? '1 second' : `${n} seconds`);

export const privacyEn: LegalTemplate = (d) => {
  const receiptLimit = formatWholeEuros(SIMPLIFIED_RECEIPT_LIMIT_CENTS);
  const { features, retention: r, storage } = d;
  const described = describedProcessing(features);
  const address = `${d.address.street}, ${d.address.postcode} ${d.address.city}, ${d.address.country}`;
  const mailServer = d.mailProvider || 'the e-mail service we have engaged';
  const hosting = d.hostingProvider || 'our hosting provider';

  return {
    sections: sections(
      section(
        'controller',
        'Who is responsible',
        p('The controller responsible for processing personal data on this website is:'),
        list(
          `${d.orgName} (${d.legalForm})`,
          address,
          ...d.board.map((member) => `represented by ${member.name} (${member.role})`),
          ['E-mail: ', mail(d.email)],
          `Phone: ${d.phone}`,
        ),
        p('You will find further details in our ', link('/impressum', 'legal notice'), '.'),
      ),
      d.privacyContact &&
        section(
          'privacy-contact',
          'Data protection contact',
          p('For any questions about data protection, you can reach us at:'),
          p(d.privacyContact),
        ),
      section(
        'overview',
        'In brief',
        p(
          'We only process personal data where this website, and what you do on it, requires it. ',
          'We use no analytics or tracking tools, show no advertising and embed no third-party content or scripts. ',
          'Fonts are served from our own server, so loading our pages does not connect you to any other provider. ',
          'One exception: if a blog post shows a picture from another website, your browser loads it from there, and that website’s provider sees your IP address. ',
          'All pages and forms are transmitted encrypted (TLS).',
        ),
      ),
      section(
        'server-logs',
        'Visiting the website and server logs',
        p(
          'Each time a page is requested, our application logs the request method, the address requested, the response status, ',
          'how long it took and a random request ID. The application does not write your IP address to this log.',
        ),
        p(
          `The server or the web server in front of it (reverse proxy) at ${hosting} may also log your IP address, the date and time, `,
          'the address requested, the page you came from (referrer) and your browser identification (user agent).',
        ),
        p(
          'We do this to deliver the website, find errors and fend off attacks. The legal basis is Art. 6(1)(f) GDPR; ',
          'our legitimate interest is running the website securely and reliably. ',
          `The logs are deleted after ${days(r.logDays)} at the latest.`,
        ),
      ),
      section(
        'rate-limiting',
        'Protection against abuse',
        p(
          'To stop forms and sign-in from being abused on a large scale, we briefly count how often a form has been sent or a sign-in ',
          'attempted from one IP address or for one e-mail address. All we store is the IP or e-mail address, the kind of action, ',
          'a counter and the start of the time window.',
        ),
        p(
          'The legal basis is Art. 6(1)(f) GDPR; our legitimate interest is protecting the website and its users from abuse. ',
          `The counters are deleted automatically at regular intervals once their time window lies more than ${days(r.rateLimitDays)} in the past.`,
        ),
      ),
      section(
        'admin-audit',
        'Log of administration',
        p(
          'We log what our administrators do in the administration area of this website (such as publishing a post, handling an order ',
          'or assigning a role): the account that acted (its ID and e-mail address), the action and what it concerned, the time and the ',
          "IP address it came from. We also log administrators' sign-ins and every failed sign-in attempt with the e-mail address of an ",
          'administrator account (wrong password or wrong code), with the IP address the attempt came from, even if someone else made it. ',
          'We do not store the password that was entered.',
        ),
        p(
          'The purpose is the security of the website and accountability for its administration: it must be possible to establish who changed ',
          'what and when, and to detect attacks on administrator accounts. The legal basis is Art. 6(1)(f) GDPR; our legitimate interest lies ',
          'in the security of the website and accountability for changes made to it. ',
          `The entries are deleted automatically after ${days(r.auditDays)}.`,
        ),
      ),
      section(
        'device-storage',
        'What we store on your device (cookies)',
        p('We only store on your device what the features you use strictly need:'),
        list(
          [
            `Session cookie "${storage.sessionCookie}": set only when you sign in; it holds a random session ID that identifies you as signed in. `,
            `It lasts ${days(r.sessionDays)}, is extended while you use the site and is deleted when you sign out. `,
            'Scripts cannot read it (HttpOnly) and it is only ever sent to this website.',
          ],
          [
            `Language cookie "${storage.languageCookie}": set when you open a page in a particular language, for example through the `,
            'language switcher or through a link that names a language (e.g. in an e-mail from us or from a search engine); it contains nothing ',
            `but the language code (e.g. "en"), so that further pages appear in that language. It lasts ${days(r.languageCookieDays)} `,
            'and is extended with every page you open.',
          ],
          [
            `Entry "${storage.languageStorageKey}" in local storage: set only when you change the language with the language switcher, `,
            'and likewise containing nothing but the language code. If the language cookie is missing (expired or deleted), the page ',
            'sets it again from this entry, so that your choice applies. The entry has no expiry date and stays until you delete it in your browser.',
          ],
          [
            `Notice cookie "${storage.noticeCookie}": set when you send a form without JavaScript and the next page shows a message about it `,
            '(e.g. that your message was sent); it contains nothing but which message that is. Scripts cannot read it (HttpOnly); it is deleted ',
            `as soon as the message has been shown and lasts at most ${seconds(r.noticeCookieSeconds)}.`,
          ],
          [
            `Shopping cart "${storage.cartStorageKey}" in local storage: the items you put in your cart. `,
            'It only leaves your device when you place an order, and is deleted when you empty the cart or order.',
          ],
        ),
        p(
          'This storage is strictly necessary for features you have explicitly asked for (signing in, choosing a language, the cart, ',
          'the message after sending a form). ',
          'Under § 25(2) no. 2 of the German TDDDG (Telecommunications Digital Services Data Protection Act) no consent is needed for it, ',
          'which is why we do not show a cookie banner. Where personal data is involved, the legal basis is Art. 6(1)(b) GDPR ',
          '(signing in, orders) or Art. 6(1)(f) GDPR (language choice, the message after sending a form).',
        ),
        p(
          'We use no other cookies, no third-party cookies and no analytics or tracking technologies. ',
          'You can delete stored cookies and entries in your browser at any time.',
        ),
      ),
      section(
        'accounts',
        'User accounts',
        p(
          'When you create an account, we store your first and last name, your e-mail address, a secure hash of your password ',
          '(never the password itself), your language and when you registered and confirmed your e-mail address. ',
          'To confirm your address or reset your password, we send you e-mails with a link that is only valid for a short time.',
        ),
        p(
          'We use this data to provide your account (signing in, your orders). The legal basis is Art. 6(1)(b) GDPR. ',
          'The data is kept until you delete your account, which you can do yourself at any time under ',
          link('/account', 'My account'),
          '; there you can also change and download your data. An account whose e-mail address is never confirmed is deleted automatically ',
          `${days(r.unverifiedAccountDays)} after registration, or at the latest ${days(r.unverifiedAccountDays + r.unverifiedAccountGraceDays)} after it if a new confirmation link was requested shortly before, so that no account someone else created with your address remains.`,
        ),
        p(
          'If you set up two-factor sign-in, we also store the secret key for your authenticator app, when it was set up, which code was ',
          'used last, your recovery codes (only as a hash) and, at each sign-in after the password, an identifier for the second step ',
          '(also only as a hash) that expires after a few minutes. The purpose is to secure your sign-in; this data exists only if you turn ',
          'two-factor sign-in on (for administrator accounts we may require it). The legal basis is Art. 6(1)(b) GDPR, and for administrator ',
          'accounts Art. 6(1)(f) GDPR (security of the website). The data is deleted when you turn two-factor sign-in off, when we reset it ',
          'at your request or when you delete your account; expired or used sign-in identifiers are deleted after one day.',
        ),
      ),
      section(
        'contact-form',
        'Contact form',
        p(
          'When you write to us through the contact form, we store your name, your e-mail address, your organisation if you give one, ',
          'the type of enquiry, the subject, your message and the language of the page. We forward the message by e-mail to our team ',
          'and send you an acknowledgement.',
        ),
        p(
          'We use the data to answer your enquiry. The legal basis is Art. 6(1)(b) GDPR where your enquiry concerns a contract, ',
          'otherwise Art. 6(1)(f) GDPR (our legitimate interest in answering enquiries). ',
          `The stored message is deleted automatically after ${days(r.contactDays)}.`,
        ),
      ),
      section(
        'whatsapp',
        'WhatsApp and share links',
        p(
          'Our pages have a button for writing to us on WhatsApp, and below blog posts there are links for sharing a post on WhatsApp, ',
          'LinkedIn or Mastodon. These are plain links: as long as you click none of them, nothing is sent to these services.',
        ),
        p(
          'When you click such a link, your browser or device opens that service. It then learns, among other things, your IP address ',
          'and which page you want to share or that you want to write to us, and processes these data as a controller in its own right ',
          'under its own privacy policy; for WhatsApp (WhatsApp Ireland Limited, a Meta company) this is ',
          link('https://www.whatsapp.com/legal/privacy-policy-eea', 'WhatsApp’s privacy policy'),
          '. These services may also process data in the USA.',
        ),
        p(
          'When you write to us on WhatsApp, we receive your phone number, your profile name and your messages. We use them only to ',
          'answer your enquiry; the legal basis is the same as for the contact form (Art. 6(1)(b) or (f) GDPR). ',
          'We delete the chat once your enquiry has been dealt with, unless a statutory retention duty requires otherwise. ',
          'If you would rather not use WhatsApp, you can reach us just as well by e-mail at ',
          mail(d.email),
          ' or through the ',
          link('/contact', 'contact form'),
          '.',
        ),
      ),
      section(
        'newsletter',
        'Newsletter',
        p(
          'You only receive our newsletter with your consent (Art. 6(1)(a) GDPR). After you sign up, we send you an e-mail with a ',
          'confirmation link; your subscription only starts once you click it (double opt-in). ',
          `Sign-ups that are not confirmed are deleted after ${days(r.unconfirmedNewsletterDays)}.`,
        ),
        p(
          'We store your e-mail address and chosen language. As proof of your consent, we also keep the time you signed up and confirmed, ',
          'the IP address used each time, the exact consent wording and the version of this privacy policy you were shown, and the language. ',
          'The legal basis for keeping this proof is Art. 6(1)(c) in conjunction with Art. 7(1) GDPR.',
        ),
        p(
          'You can withdraw your consent at any time, most easily through the unsubscribe link in every newsletter e-mail. ',
          'You will then receive no further newsletters. We keep the proof of consent while you are subscribed ',
          `and for ${days(r.newsletterConsentDays)} after you unsubscribe, so that we can produce it if needed; after that it is deleted.`,
        ),
      ),
      described.orders &&
        section(
          'orders',
          'Shop orders',
          p(
            'For an order we process your name, delivery and e-mail address, your phone number if you give one, the items ordered, ',
            'the amounts and an order number, in order to perform the contract (shipping, warranty, withdrawal). ',
            'The legal basis is Art. 6(1)(b) GDPR. We send you confirmations of your order by e-mail.',
          ),
          described.printful
            ? p(
                'The items are printed and shipped for us by Printful (Printful Inc. and its affiliates). For this we pass on to Printful your name, ',
                'delivery address, e-mail address, phone number if given, and the items ordered. Printful processes this data on our behalf ',
                '(Art. 28 GDPR) and passes the delivery details on to the carrier.',
              )
            : p('Your order is handled and shipped by our association itself; no production or shipping service provider is involved.'),
          p(
            `We keep order data for ${years(r.orderYears)}, counted from the end of the year of the order, because German tax and `,
            'commercial law requires it (§ 147 AO, § 257 HGB; legal basis Art. 6(1)(c) GDPR). After that we remove your name, address ',
            'and contact details from the order. If you delete your account earlier, the order remains stored, no longer linked to the ',
            'account, until that period ends.',
          ),
          p(
            'An order for which no money was ever received creates no bookkeeping record and so no duty to keep it: if the payment was not ',
            'completed, expired or failed, or the order was cancelled before any payment or never carried out because the shop ran in demo ',
            `mode, we remove your name, address and contact details from it ${days(r.unpaidDays)} after the order.`,
          ),
        ),
      // Its own section: the notice under the withdrawal form links here (PrivacyNotice, kind 'withdrawal').
      described.orders &&
        section(
          'withdrawals',
          'Withdrawing from an order',
          p(
            'If you withdraw from a contract through our withdrawal function (',
            link(WITHDRAWAL_BUTTON_PATH, 'Withdraw from the contract'),
            '), we store your name, the order number, the e-mail address, your message if you write one, the language of the page ',
            'and the date and time of receipt. We send the acknowledgement of receipt to that e-mail address and inform our team so that ',
            'it can process the withdrawal. The legal basis is Art. 6(1)(b) GDPR (unwinding the contract) and Art. 6(1)(c) GDPR (the ',
            'statutory duty to acknowledge receipt of the withdrawal). We keep the declaration as long as the order it belongs to.',
          ),
        ),
      described.payments &&
        section(
          'payments',
          'Payment through Stripe',
          p(
            'Payments are handled by Stripe (Stripe Payments Europe Ltd., 1 Grand Canal Street Lower, Dublin 2, Ireland). ',
            'To pay, you are taken to a Stripe page; you enter card or bank details (IBAN) only there, and they never reach our server. ',
            'Stripe only tells us the payment status and a payment ID.',
          ),
          p(
            'Stripe processes payment data as our processor (Art. 28 GDPR) and, for fraud prevention and its own legal obligations, ',
            'as an independent controller. The legal basis is Art. 6(1)(b) GDPR (payment) and Art. 6(1)(f) GDPR (fraud prevention). ',
            'Stripe may transfer data to the USA; such transfers rely on the EU-US Data Privacy Framework, under which Stripe is certified, ',
            'and on the European Commission’s standard contractual clauses. Stripe sets its own cookies on its payment page, under its own ',
            'responsibility. See ',
            link('https://stripe.com/privacy', 'Stripe’s privacy policy'),
            ' for details.',
          ),
        ),
      described.donations &&
        section(
          'donations',
          'Donations',
          p(
            'When you donate through our donation form, we process the amount, whether it is one-time or monthly, your e-mail address, ',
            'optionally your name, the chosen language, the time and the identifiers Stripe gives us for the payment (for monthly ',
            'donations also your customer ID at Stripe). We use these data to process your donation, to thank you and confirm the ',
            `donation by e-mail and, for monthly donations, so that you can change or end it through the link in every thank-you e-mail (a link works for ${DONATION_MANAGE_LINK_LIFETIME_DAYS} days; each thank-you e-mail brings a new one). `,
            'The payment itself is handled by Stripe (see “Payment through Stripe”).',
          ),
          p(
            `For a donation above ${receiptLimit} (for monthly donations: when the monthly amount is above it), Stripe’s payment page also asks `,
            'for your postal address, and Stripe passes your name and that address on to us with the payment. We use them only to issue and send ',
            'you the donation receipt in the officially prescribed form (Zuwendungsbestätigung); for smaller donations we collect no address. ',
            'The legal basis is Art. 6(1)(c) GDPR in conjunction with § 10b EStG and § 50 EStDV, under which the receipt names the donor’s name ',
            'and address. We keep your name and address like the other donation data (see below).',
          ),
          p(
            'The legal basis is Art. 6(1)(b) GDPR (processing the donation at your request) and Art. 6(1)(c) GDPR (the duties under German ',
            'tax law to document donations and donation receipts and to keep those records).',
          ),
          p(
            `We keep donation data for ${years(r.orderYears)}, counted from the end of the year of the donation, because like all `,
            'bookkeeping records they are subject to statutory retention duties under German tax and commercial law (§ 147 AO, § 257 HGB, § 50(7) EStDV).',
          ),
          p(
            'A donation for which no money was ever received (the payment was not completed, expired or failed) creates no bookkeeping ',
            `record: we remove your name, e-mail address and Stripe customer ID from it ${days(r.unpaidDays)} after the donation was started.`,
          ),
        ),
      section(
        'email',
        'Sending e-mails',
        features.smtp
          ? p(
              `We send our e-mails (confirmations, replies, newsletters) through ${mailServer}, which processes your e-mail address and the `,
              'content of the message. ',
              d.mailProvider ? `${d.mailProvider} acts as our processor (Art. 28 GDPR). ` : '',
              'The legal basis is the same as for whatever the e-mail relates to.',
            )
          : p(
              'This installation does not send e-mails through an outside service: outgoing messages are stored on our own server. ',
              'The legal basis is the same as for whatever the e-mail relates to.',
            ),
        p(
          `The copy of each e-mail sent is deleted from our server ${days(r.sentMailDays)} after sending, that of an e-mail that could `,
          `not be delivered ${days(r.sentMailDays)} after it was created.`,
        ),
      ),
      section(
        'hosting',
        'Hosting',
        d.hostingProvider
          ? p(
              `This website is hosted by ${d.hostingProvider}. All data processed on this website is stored on its servers; `,
              'the provider processes it only on our behalf (Art. 28 GDPR).',
            )
          : p('This website runs on a server managed by us or on our behalf (Art. 28 GDPR).'),
        p('The legal basis is Art. 6(1)(f) GDPR; our legitimate interest is making the website reliably available.'),
      ),
      section(
        'recipients',
        'Who receives your data',
        p('Your data is only seen by the members of our team who need it for their work, and by these service providers:'),
        list(
          ...present(
            d.hostingProvider ? `${d.hostingProvider} (hosting)` : 'our hosting provider (hosting)',
            features.smtp ? `${d.mailProvider || 'our e-mail service'} (sending e-mails)` : null,
            described.printful ? 'Printful and the carriers it uses (production and shipping)' : null,
            described.payments ? 'Stripe (payment processing)' : null,
          ),
        ),
        p('Beyond that, we only pass on data where the law requires us to, for example to public authorities. We never sell data.'),
      ),
      section(
        'third-countries',
        'Transfers outside the EU',
        described.printful || described.payments
          ? p(
              'Some service providers (',
              present(described.printful && 'Printful', described.payments && 'Stripe').join(', '),
              ') may also process data in the USA. Such transfers rely on the European Commission’s adequacy decision for the ',
              'EU-US Data Privacy Framework where the recipient is certified under it, and otherwise on standard contractual clauses ',
              '(Art. 46(2)(c) GDPR). You can ask us for a copy of these safeguards.',
            )
          : p('We do not transfer personal data to countries outside the European Union or the European Economic Area.'),
      ),
      section(
        'legal-bases',
        'Legal bases at a glance',
        list(
          'Art. 6(1)(a) GDPR (consent): newsletter.',
          `Art. 6(1)(b) GDPR (contract and steps before a contract): user account${described.orders ? ', orders' : ''}${described.payments ? ', payments' : ''}${described.donations ? ', donations' : ''}, enquiries about a contract.`,
          `Art. 6(1)(c) GDPR (legal obligation): proof of newsletter consent${described.orders ? ', keeping order records' : ''}${described.donations ? ', keeping donation records' : ''}.`,
          `Art. 6(1)(f) GDPR (legitimate interests): server logs, protection against abuse, log of administration, language choice, other enquiries, hosting${described.payments ? ', fraud prevention for payments' : ''}.`,
          '§ 25(2) no. 2 TDDDG: storing the session cookie, language choice, notice cookie and cart on your device.',
        ),
      ),
      section(
        'retention',
        'How long we keep data',
        list(
          ...present(
            `Server logs: ${days(r.logDays)}.`,
            `Counters protecting against abuse: ${days(r.rateLimitDays)}.`,
            `Session cookie and session: ${days(r.sessionDays)}, extended while in use; deleted when you sign out.`,
            `Language cookie: ${days(r.languageCookieDays)} after the last page you opened; language choice in local storage: until you delete it in your browser.`,
            `Notice cookie after sending a form: at most ${seconds(r.noticeCookieSeconds)}.`,
            `User account: until you delete it; without a confirmed e-mail address, ${days(r.unverifiedAccountDays)} after registration (at the latest ${days(r.unverifiedAccountDays + r.unverifiedAccountGraceDays)} with a link requested shortly before).`,
            `Contact enquiries: ${days(r.contactDays)}.`,
            `Unconfirmed newsletter sign-ups: ${days(r.unconfirmedNewsletterDays)}.`,
            `Newsletter subscription: until you unsubscribe; proof of consent for ${days(r.newsletterConsentDays)} after that.`,
            described.orders
              ? `Orders: ${years(r.orderYears)} (statutory retention); never paid or never carried out: ${days(r.unpaidDays)}.`
              : null,
            described.donations ? `Donations: ${years(r.orderYears)} (statutory retention); never paid: ${days(r.unpaidDays)}.` : null,
            `Copies of e-mails sent or not deliverable: ${days(r.sentMailDays)}.`,
            `Log of our administrators' actions (who did what and when, with the administrator's IP address): ${days(r.auditDays)}.`,
          ),
        ),
        p(
          'Where we make daily backup copies of our database, they also contain data that we have since deleted. ',
          `Each backup copy is replaced by newer ones and deleted after ${days(r.backupDays)}; until then it is used only to `,
          'restore the data after an outage or error.',
        ),
      ),
      section(
        'rights',
        'Your rights',
        p('You have the right at any time to'),
        list(
          'access the data we hold about you (Art. 15 GDPR),',
          'have inaccurate data corrected (Art. 16 GDPR),',
          'have data erased (Art. 17 GDPR) or its processing restricted (Art. 18 GDPR),',
          'receive your data in a common format (data portability, Art. 20 GDPR),',
          'object to processing (Art. 21 GDPR, see below),',
          'withdraw any consent you have given, with effect for the future (Art. 7(3) GDPR).',
        ),
        p(
          'Much of this you can do yourself under ',
          link('/account', 'My account'),
          ': change or download your data, or delete the account. For anything else, just e-mail ',
          mail(d.email),
          '. We reply without undue delay and within one month at the latest.',
        ),
      ),
      section(
        'objection',
        'Right to object',
        box(
          'Your right to object (Art. 21 GDPR)',
          'Where we process data on the basis of our legitimate interests (Art. 6(1)(f) GDPR), you may object to this processing at any time on grounds relating to your particular situation. We will then stop processing the data unless we can demonstrate compelling legitimate grounds that override your interests, or the processing is needed to establish, exercise or defend legal claims.',
          'Where your data is processed for direct marketing, such as our newsletter, you may object at any time without giving reasons; the data will then no longer be used for that purpose.',
          ['Simply send your objection to ', mail(d.email), '.'],
        ),
      ),
      section(
        'complaint',
        'Complaining to a supervisory authority',
        p(
          'You have the right to lodge a complaint with a data protection supervisory authority (Art. 77 GDPR), in particular in the ',
          'country where you live or work. The authority responsible for us is:',
        ),
        p(d.supervisoryAuthority),
      ),
      section(
        'automated-decisions',
        'No automated decision-making',
        p('We make no decisions based solely on automated processing and do not create profiles (Art. 22 GDPR).'),
      ),
      section(
        'requirement',
        'Do you have to give us data?',
        p(
          'You are under no legal or contractual obligation to give us any data, and you can read this website without providing any ',
          'personal details. Without the fields marked as required, however, we cannot create an account, answer an enquiry',
          features.shopOrders ? ', fulfil an order' : '',
          ' or send you our newsletter.',
        ),
      ),
    ),
  };
};
