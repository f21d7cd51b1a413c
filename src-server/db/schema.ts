import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

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

export type EmailTokenPurpose = 'verify_email' | 'reset_password';

export interface EmailTokenTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  /** SHA-256 of the token sent by e-mail, hex. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
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
  /** 0 or 1 (portable boolean). */
  featured: number;
  published: number;
  /** Set when first published; kept when unpublished, so re-publishing keeps the original date. */
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** The admin who last saved the post (null for demo content or a deleted account). */
  user_id: string | null;
}

export interface NewsletterSubscriberTable {
  id: string;
  email: string;
  locale: string;
  confirmed_at: string | null;
  /** SHA-256 of the pending confirmation token; null once confirmed. */
  token_hash: string | null;
  created_at: string;
}

export interface AppStateTable {
  key: string;
  value: string;
}

export interface Database {
  rate_limit_buckets: RateLimitBucketTable;
  users: UserTable;
  sessions: SessionTable;
  user_roles: UserRoleTable;
  email_tokens: EmailTokenTable;
  outbox: OutboxTable;
  blog_posts: BlogPostTable;
  newsletter_subscribers: NewsletterSubscriberTable;
  app_state: AppStateTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxMail = Insertable<OutboxTable>;
export type BlogPostRow = Selectable<BlogPostTable>;
