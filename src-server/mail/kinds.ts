/**
 * Which mail goes first when the outbox holds more than the mail server takes at once: lower goes
 * sooner. Account and order mail is awaited by someone on the site right now; a newsletter
 * confirmation or an admin's test mail a little less; contact copies and newsletters are bulk, and
 * thousands of them must never hold back a sign-up link (issue 22).
 */
export const MAIL_PRIORITIES = { transactional: 0, confirmation: 1, bulk: 2 } as const;
export type MailPriority = (typeof MAIL_PRIORITIES)[keyof typeof MAIL_PRIORITIES];

/** Every kind of mail the site sends, with its priority (stored on each outbox row as it is queued). */
export const MAIL_KIND_PRIORITY = {
  verify_email: MAIL_PRIORITIES.transactional,
  reset_password: MAIL_PRIORITIES.transactional,
  order_confirmation: MAIL_PRIORITIES.transactional,
  // The withdrawal button's acknowledgement: the law says "without delay".
  withdrawal_receipt: MAIL_PRIORITIES.transactional,
  // The link to a new address and the notice to the old one (ADR 028): awaited like a sign-up link.
  email_change: MAIL_PRIORITIES.transactional,
  email_change_notice: MAIL_PRIORITIES.transactional,
  // The thank-you for a confirmed donation (ADR 031): it carries the simplified receipt text.
  donation_thanks: MAIL_PRIORITIES.transactional,
  // A SEPA debit for a donation that failed (a gift, or a pledge's first month): the donor was told on
  // the thank-you page that a confirmation follows, and hears instead that nothing came of it.
  donation_failed: MAIL_PRIORITIES.transactional,
  // A paid shop order an admin cancelled, with the refund (issue 18): the buyer waits for their money.
  order_cancelled: MAIL_PRIORITIES.transactional,
  newsletter_confirm: MAIL_PRIORITIES.confirmation,
  // To the team (CONTACT_INBOX), in German, on a money event of a shop order: a new order to be paid by
  // arrangement, an online payment, a withdrawal, an order Printful will not take (orders/team-mails.ts);
  // and a donation above the simplified-receipt limit, whose formal receipt is due (donations/team-mails.ts).
  // Someone has to act, but nobody waits on the site for it: behind the buyers' own mail, ahead of bulk.
  team_notice: MAIL_PRIORITIES.confirmation,
  newsletter_test: MAIL_PRIORITIES.confirmation,
  contact_inbox: MAIL_PRIORITIES.bulk,
  contact_receipt: MAIL_PRIORITIES.bulk,
  newsletter: MAIL_PRIORITIES.bulk,
} as const satisfies Record<string, MailPriority>;
export type MailKind = keyof typeof MAIL_KIND_PRIORITY;

/**
 * Whether a reply to the kind goes to the team (Reply-To: CONTACT_INBOX, added as it is sent, headers.ts):
 * the mails to someone who bought, gave, withdrew or wrote to us, whose answer is a question for a person
 * ("Bei Fragen antworten Sie einfach auf diese E-Mail"). Account and newsletter mechanics (a link to
 * click, "ignore this mail if it was not you") and the team's own mail do not; a reply to those goes to
 * MAIL_FROM. The notice to the old address of an e-mail change does: it warns of a possible stranger in
 * the account, and a worried reply must reach someone. A new kind has to choose.
 */
export const MAIL_KIND_REPLIES_TO_TEAM = {
  verify_email: false,
  reset_password: false,
  order_confirmation: true,
  withdrawal_receipt: true,
  email_change: false,
  // "If this was not you …": someone who fears a stranger in their account writes back to a person.
  email_change_notice: true,
  donation_thanks: true,
  donation_failed: true,
  order_cancelled: true,
  newsletter_confirm: false,
  team_notice: false,
  newsletter_test: false,
  // Queued with the sender as Reply-To (contact/messages.ts): an answer reaches them.
  contact_inbox: false,
  contact_receipt: true,
  newsletter: false,
} as const satisfies Record<MailKind, boolean>;
