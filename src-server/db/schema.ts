import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type { NewsletterStatus } from '@shared/constants';
import type { OrderStatus } from '@shared/schemas/checkout';

/**
 * The tables as Kysely sees them. Times are ISO-8601 UTC strings; ids are random text.
 * Table interfaces are used only inside `Database`; code passes the Row / New aliases around.
 */
export interface RateLimitBucketTable {
  key: string;
  window_started_at: string;
  hits: number;
}

export interface UserTable {
  id: string;
  /** Trimmed and lower-cased before it is stored. */
  email: string;
  email_verified_at: string | null;
  password_hash: string;
  first_name: string;
  last_name: string;
  /** The language the user signed up in; their e-mails are written in it. */
  locale: string;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: string;
  user_id: string;
  /** SHA-256 of the token's secret part, hex. The secret itself is never stored. */
  secret_hash: string;
  created_at: string;
  expires_at: string;
}

export interface UserRoleTable {
  user_id: string;
  role: 'admin';
  created_at: string;
}

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

export interface EmailTokenTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  /** SHA-256 of the token sent by e-mail, hex. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** For purpose "change_email": the address the link was mailed to, which becomes the account's when it is opened. */
  new_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxTable {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Extra headers as a JSON object (Reply-To, List-Unsubscribe, …); "{}" when there are none. */
  headers: ColumnType<string, string | undefined, string>;
  /** Which mail is claimed first, lower sooner: MAIL_KIND_PRIORITY of its kind (mail/kinds.ts). */
  priority: ColumnType<number, number | undefined, number>;
}

export interface BlogPostTable {
  id: string;
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  author: string;
  category: string;
  /** JSON array of strings. */
  tags: string;
  image_url: string | null;
  /** The picture's German alt text (null: none given yet, as for posts older than migration 0015). */
  image_alt: string | null;
  /** 0 or 1 (portable boolean). */
  featured: number;
  published: number;
  /** Set when first published; kept when unpublished, so re-publishing keeps the original date. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** The admin who last saved the post (null for demo content or a deleted account). */
  user_id: string | null;
  /** Counts the post's changes (form saves and the list's switches), from 1 (migration 0023): a form's save names the one it loaded. */
  version: ColumnType<number, number | undefined, number>;
}

/** A post's English or French version (the German original is the blog_posts row itself; ADR 037). */
export interface PostTranslationTable {
  post_id: string;
  /** 'en' | 'fr'. */
  locale: string;
  title: string;
  excerpt: string | null;
  content: string;
  /** JSON array of strings. */
  tags: string;
  image_alt: string | null;
}

export interface NewsletterSubscriberTable {
  id: string;
  email: string;
  locale: string;
  confirmed_at: string | null;
  /** SHA-256 of the pending confirmation token; null once confirmed. */
  token_hash: string | null;
  created_at: string;
  /** When the pending confirmation link stops working; null once confirmed. */
  token_expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The token of the unsubscribe link in every newsletter (stored as is: each mail carries it again). */
  unsubscribe_token: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  /** Trimmed and lower-cased. */
  email: string;
  organization: string | null;
  /** One of CONTACT_INQUIRY_TYPES. */
  inquiry_type: string;
  subject: string;
  message: string;
  /** The page's language when the message was sent; the receipt was written in it. */
  locale: string;
  created_at: string;
  /** The account that sent it while signed in (for the data export); null when signed out or the account is gone. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When an admin marked it answered on /messages-admin, and that admin's e-mail (migration 0020); null while open. */
  answered_at: ColumnType<string | null, string | null | undefined, string | null>;
  answered_by: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface NewsletterTable {
  id: string;
  /** German is required (every other language falls back to it); empty en/fr text means "use German". */
  subject_de: string;
  body_de: string;
  subject_en: string;
  body_en: string;
  subject_fr: string;
  body_fr: string;
  /** The picture shown above the text ('' for none): a /media/… address or an https URL (ADR 036). */
  image_url: ColumnType<string, string | undefined, string>;
  image_alt_de: ColumnType<string, string | undefined, string>;
  image_alt_en: ColumnType<string, string | undefined, string>;
  image_alt_fr: ColumnType<string, string | undefined, string>;
  status: NewsletterStatus;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  sent_by: string | null;
  /** When the first send click started queueing its mails. */
  send_started_at: string | null;
  /** When every confirmed subscriber's mail was queued. */
  sent_at: string | null;
  /** Counts the draft's changes, from 1 (migration 0023): a save or a send names the one the admin saw. */
  version: ColumnType<number, number | undefined, number>;
  /**
   * Its mails sent and failed once none was pending any more (migration 0025), kept so the admin list need
   * not count them again; null before, and again while "resend failed" has some queued (newsletters.ts).
   */
  settled_sent: ColumnType<number | null, number | null | undefined, number | null>;
  settled_failed: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface NewsletterDeliveryTable {
  /** The queued mail (outbox.id); the outbox row is deleted 30 days after it was sent (a failed one emptied 30 days after queueing). */
  outbox_id: string;
  newsletter_id: string;
  /** Unique with newsletter_id; null once the address left the list. */
  subscriber_id: string | null;
  created_at: string;
}

export interface NewsletterCounterTable {
  name: string;
  value: number;
}

export interface MailSendSlotTable {
  kind: string;
  /** The earliest time the next mail of this kind may go to the mail server. */
  next_at: string;
}

/** The proof of one newsletter sign-up (double opt-in), kept after unsubscribing (retention job). */
export interface NewsletterConsentTable {
  id: string;
  /** Trimmed and lower-cased, as the subscriber row has it. */
  email: string;
  /** The sign-up page's language: the consent text is in it. */
  locale: string;
  signed_up_at: string;
  sign_up_ip: string;
  confirmed_at: string | null;
  confirm_ip: string | null;
  /** The consent sentence exactly as the form showed it (NEWSLETTER_CONSENT_TEXT in that language). */
  consent_text: string;
  /** config.legal.privacyPolicyVersion at sign-up. */
  privacy_policy_version: string;
  /** When the address left the list (unsubscribed or deleted by an admin); the record goes some time later. */
  unsubscribed_at: string | null;
}

export interface AppStateTable {
  key: string;
  value: string;
}

export interface OrderTable {
  id: string;
  /** Ours, shown to the buyer and sent to Printful as external_id: "SB-260302-K7M2Q". */
  order_number: string;
  /** Null once the account is deleted; the order stays. */
  user_id: string | null;
  idempotency_key: string;
  status: OrderStatus;
  /** The buyer's language; the confirmation mail is written in it. */
  locale: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  address: string;
  city: string;
  postal_code: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  currency: string;
  subtotal_cents: number;
  shipping_cents: number;
  total_cents: number;
  /**
   * 1 when the small-business rule (KLEINUNTERNEHMER, § 19 UStG) applied as the order was placed, else 0
   * (portable boolean; migration 0027): every mail about the order states its total under that rule,
   * whatever the setting says by then.
   */
  kleinunternehmer: ColumnType<number, number | undefined, number>;
  printful_order_id: string | null;
  /** The status Printful answered with when the order was created ("draft"). */
  printful_status: string | null;
  provider_attempts: ColumnType<number, number | undefined, number>;
  /** When the worker may try Printful next (also a lease while one process is trying). */
  next_attempt_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  /** The Stripe Checkout session of an order paid online (null without Stripe: payment by arrangement). */
  stripe_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Its payment intent, known once paid: what a refund names. */
  stripe_payment_intent_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When Stripe confirmed the money; set means Printful gets the order confirmed, not as a draft. */
  paid_at: ColumnType<string | null, string | null | undefined, string | null>;
  cancelled_at: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a refund of it last failed after Stripe had made it (refund.failed); cleared by one that succeeds. */
  refund_failed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderItemTable {
  id: string;
  order_id: string;
  position: number;
  product_id: string;
  variant_id: string;
  /** Name, colour, size, image and price as the catalog had them when the order was placed. */
  name: string;
  color: string | null;
  size: string | null;
  image: string | null;
  unit_price_cents: number;
  quantity: number;
}

/** A withdrawal declared through the withdrawal button (§ 356a BGB); at most one per order (ADR 027). */
export interface WithdrawalTable {
  id: string;
  order_id: string;
  order_number: string;
  /** As the customer wrote them in the declaration. */
  name: string;
  email: string;
  message: string | null;
  /** The page's language at the declaration; the receipt was written in it. */
  locale: string;
  /** When the declaration was received: stated in the receipt. */
  created_at: string;
}

/** A donation's life (ADR 031). one_time: open → pending (SEPA) → paid | failed, open → expired,
 * paid → refunded; monthly: open → active (first invoice paid) → cancelled, open → failed | expired. */
export type DonationStatus = 'open' | 'pending' | 'paid' | 'active' | 'failed' | 'expired' | 'refunded' | 'cancelled';
export type DonationMode = 'one_time' | 'monthly';

/** One Stripe Checkout session for a donation: a one-time gift or a monthly pledge (ADR 031). */
export interface DonationTable {
  id: string;
  mode: DonationMode;
  /** Decided on the server from the form; per payment for a monthly pledge. */
  amount_cents: number;
  currency: string;
  status: DonationStatus;
  donor_email: string;
  donor_name: string | null;
  /** The page's language when the donor clicked: Checkout and the thank-you mails use it. */
  locale: string;
  stripe_session_id: string | null;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  stripe_payment_intent_id: string | null;
  created_at: string;
  updated_at: string;
  /** When money was first confirmed. */
  confirmed_at: string | null;
  /**
   * When it was last known to wait for its money (a SEPA debit under way: the event, or an answer of
   * Stripe's that said so; migration 0029): the repair dates a debit whose events were lost after it.
   */
  seen_unpaid_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The name and postal address for a formal donation receipt (§ 50 Abs. 1 EStDV, migration 0022), as the
   * donor gave them on Stripe's payment page: asked for and stored only above SIMPLIFIED_RECEIPT_LIMIT_CENTS
   * (donations/receipt-address.ts). `receipt_country` is ISO 3166-1 alpha-2. Null otherwise, or once anonymized.
   */
  receipt_name: ColumnType<string | null, string | null | undefined, string | null>;
  receipt_line1: ColumnType<string | null, string | null | undefined, string | null>;
  receipt_line2: ColumnType<string | null, string | null | undefined, string | null>;
  receipt_postal_code: ColumnType<string | null, string | null | undefined, string | null>;
  receipt_city: ColumnType<string | null, string | null | undefined, string | null>;
  receipt_country: ColumnType<string | null, string | null | undefined, string | null>;
}

export type DonationPaymentStatus = 'paid' | 'failed' | 'refunded';

/** One payment that arrived (or failed) for a donation: one per gift, one per invoice of a pledge. */
export interface DonationPaymentTable {
  id: string;
  donation_id: string;
  amount_cents: number;
  currency: string;
  status: DonationPaymentStatus;
  /** Unique: the same invoice is recorded once. */
  stripe_invoice_id: string | null;
  /** Unique: the same payment intent is recorded once. */
  stripe_payment_intent_id: string | null;
  stripe_charge_id: string | null;
  /**
   * What went back of it (Stripe's charge.amount_refunded, which counts every refund so far): the whole
   * amount once `refunded`, part of it while `paid` (migration 0026).
   */
  refunded_cents: ColumnType<number, number | undefined, number>;
  paid_at: string;
  created_at: string;
}

/** A Stripe event the webhook accepted (ADR 030): its id is taken once, in the transaction of its effects. */
export interface StripeEventTable {
  /** The event id (evt_…). */
  id: string;
  type: string;
  /** 1 for a live-mode event, 0 for test mode. */
  livemode: number;
  /** event.created, as ISO text. */
  created_at: string;
  received_at: string;
}

/** A shop product's name in another language, entered by an admin (Printful has one language). */
export interface ProductTranslationTable {
  /** The catalog's product id (Printful's sync product id, or the demo catalog's). */
  product_id: string;
  /** 'en' or 'fr': German is the store's own name. */
  locale: string;
  name: string;
  updated_at: string;
}

/** One file of an uploaded picture (ADR 036): its original or one responsive variant. */
export interface MediaFileTable {
  media_id: string;
  /** 'original', or '<width>.<avif|webp|jpg>' for a variant. */
  variant: string;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  /** Buffer from better-sqlite3 and pg alike. */
  bytes: Uint8Array;
  created_at: string;
  /** The admin who uploaded it; null once their account is gone. */
  uploaded_by: string | null;
}

/** One admin action (src-server/audit): never updated, deleted only after AUDIT_RETENTION_DAYS. */
export interface AuditLogTable {
  id: string;
  created_at: string;
  /** Null for the operator's command line and the server's own jobs. */
  actor_id: string | null;
  /** The actor's address at the time ('cli' / 'system' for the others). */
  actor_email: string;
  /** One of AUDIT_ACTIONS (src-shared/audit.ts). */
  action: string;
  object_type: string;
  object_id: string;
  /** JSON object. */
  detail: string;
  ip: string;
}

/** A user's authenticator-app secret (ADR 041); enabled_at null while setup waits for the first code. */
export interface TwoFactorSecretTable {
  user_id: string;
  /** The TOTP key, base32. Never sent to the browser after setup. */
  secret: string;
  created_at: string;
  enabled_at: string | null;
  /** The TOTP time step of the last accepted code: that step and earlier ones are refused. */
  last_used_step: number | null;
}

/** One single-use recovery code, as its SHA-256. */
export interface TwoFactorRecoveryCodeTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** The second step of a sign-in: handed out for a right password, turned into a session by a right code. */
export interface TwoFactorChallengeTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface Database {
  rate_limit_buckets: RateLimitBucketTable;
  users: UserTable;
  sessions: SessionTable;
  user_roles: UserRoleTable;
  email_tokens: EmailTokenTable;
  outbox: OutboxTable;
  blog_posts: BlogPostTable;
  post_translations: PostTranslationTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  contact_messages: ContactMessageTable;
  newsletters: NewsletterTable;
  newsletter_deliveries: NewsletterDeliveryTable;
  newsletter_counters: NewsletterCounterTable;
  mail_send_slots: MailSendSlotTable;
  app_state: AppStateTable;
  newsletter_consents: NewsletterConsentTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  withdrawals: WithdrawalTable;
  donations: DonationTable;
  donation_payments: DonationPaymentTable;
  stripe_events: StripeEventTable;
  media_files: MediaFileTable;
  product_translations: ProductTranslationTable;
  audit_log: AuditLogTable;
  two_factor_secrets: TwoFactorSecretTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodeTable;
  two_factor_challenges: TwoFactorChallengeTable;
}

export type UserRow = Selectable<UserTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxMail = Insertable<OutboxTable>;
export type BlogPostRow = Selectable<BlogPostTable>;
export type PostTranslationRow = Selectable<PostTranslationTable>;
export type ContactMessageRow = Selectable<ContactMessageTable>;
export type OrderRow = Selectable<OrderTable>;
export type NewOrder = Insertable<OrderTable>;
export type OrderItemRow = Selectable<OrderItemTable>;
export type WithdrawalRow = Selectable<WithdrawalTable>;
export type DonationRow = Selectable<DonationTable>;
export type DonationPaymentRow = Selectable<DonationPaymentTable>;
export type NewOrderItem = Insertable<OrderItemTable>;
export type NewsletterRow = Selectable<NewsletterTable>;
export type NewsletterSubscriberRow = Selectable<NewsletterSubscriberTable>;
export type NewsletterConsentRow = Selectable<NewsletterConsentTable>;
