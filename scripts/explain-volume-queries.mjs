// The queries scripts/explain-volume.mjs looks at: each as the code builds it (the file and function named in
// `where`), with the values of a typical call written in. An update or delete is measured as the select of
// the rows it would touch (same conditions): the measurement must not change the data it measures.
// `hot`: runs per request or per worker tick; the others on an admin's click, an export or a daily job.

const DAY_MS = 24 * 60 * 60_000;
const q = (text) => `'${text.replaceAll("'", "''")}'`;

/** `seeded`: what seedVolume answered (the subscriber the sending newsletter's queueing has reached). */
export function volumeQueries(now, seeded) {
  const iso = (ms) => q(new Date(ms).toISOString());
  const NOW = iso(now.getTime());
  const ago = (days) => iso(now.getTime() - days * DAY_MS);
  const month = { start: q('2025-03-01T00:00:00.000Z'), end: q('2025-04-01T00:00:00.000Z') };
  const user = q('user-000003');
  const ids = (prefix, count, width = 6) =>
    Array.from({ length: count }, (_, i) => q(`${prefix}${String(i * 37).padStart(width, '0')}`)).join(', ');
  return [
    // The mail worker (every 5 s, per lane; mail/worker.ts → outbox.ts).
    {
      name: 'mail claim candidates',
      where: 'mail/outbox.ts dueMailCandidates (worker tick, 5 s)',
      hot: true,
      sql: `select id from outbox where status = 'pending' and next_attempt_at <= ${NOW} and kind not in ('newsletter') order by priority, next_attempt_at, id limit 10`,
    },
    {
      name: 'paced newsletter: any due (old form)',
      where: 'mail/outbox.ts claimPacedMail (worker tick), without order',
      hot: true,
      sql: `select id from outbox where status = 'pending' and kind = 'newsletter' and next_attempt_at <= ${NOW} limit 1`,
    },
    {
      name: 'paced newsletter: any due (new form)',
      where: 'mail/outbox.ts claimPacedMail (worker tick)',
      hot: true,
      sql: `select id from outbox where status = 'pending' and kind = 'newsletter' and next_attempt_at <= ${NOW} order by next_attempt_at limit 1`,
    },
    {
      name: 'paced newsletter: candidates',
      where: 'mail/outbox.ts dueMailCandidates kind=newsletter',
      hot: true,
      sql: `select id from outbox where status = 'pending' and next_attempt_at <= ${NOW} and kind = 'newsletter' order by priority, next_attempt_at, id limit 10`,
    },
    // GET /healthz (every 5 s at most) and /metrics (each scrape): metrics/queue-state.ts.
    {
      name: 'outbox counts by status',
      where: 'metrics/queue-state.ts readOutboxState (health, metrics)',
      hot: true,
      sql: `select status, count(*) as count from outbox where status in ('pending', 'failed') group by status`,
    },
    {
      name: 'oldest pending mail',
      where: 'metrics/queue-state.ts readOutboxState',
      hot: true,
      sql: `select min(created_at) as at from outbox where status = 'pending'`,
    },
    {
      name: 'oldest pending non-newsletter mail',
      where: 'metrics/queue-state.ts readOutboxState (health: stuck?)',
      hot: true,
      sql: `select min(created_at) as at from outbox where status = 'pending' and kind != 'newsletter'`,
    },
    {
      name: 'failed mails last day',
      where: 'metrics/queue-state.ts readOutboxState (health: failing?)',
      hot: true,
      sql: `select count(*) as count from outbox where status = 'failed' and created_at >= ${ago(1)}`,
    },
    {
      name: 'order queue counts',
      where: 'metrics/queue-state.ts readOrderQueueState (metrics)',
      hot: true,
      sql: `select status, count(*) as count from orders where status in ('pending_provider', 'provider_failed') group by status`,
    },
    // Per request (at most once a second per process): the content version's next scheduled post.
    {
      name: 'next scheduled post',
      where: 'blog/schedule.ts findNextPublicationTime (content version)',
      hot: true,
      sql: `select min(published_at) as next from blog_posts where published = 1 and published_at > ${NOW}`,
    },
    // Public pages.
    {
      name: 'blog list page',
      where: 'blog/queries.ts findPublishedPosts (/blog, feeds)',
      hot: true,
      sql: `select * from blog_posts where published = 1 and published_at <= ${NOW} order by published_at desc, id desc limit 13`,
    },
    {
      name: 'blog list page of a category',
      where: 'blog/queries.ts findPublishedPosts category',
      hot: true,
      sql: `select * from blog_posts where published = 1 and published_at <= ${NOW} and category = 'technik' order by published_at desc, id desc limit 13`,
    },
    {
      name: 'blog featured post',
      where: 'blog/queries.ts findNewestFeaturedPost',
      hot: true,
      sql: `select * from blog_posts where published = 1 and published_at <= ${NOW} and featured = 1 order by published_at desc, id desc limit 1`,
    },
    {
      name: 'blog categories',
      where: 'blog/queries.ts findVisibleCategories',
      hot: true,
      sql: `select distinct category from blog_posts where published = 1 and published_at <= ${NOW}`,
    },
    {
      name: 'article neighbour',
      where: 'blog/neighbours.ts neighbour',
      hot: true,
      sql: `select p.slug, p.title, t.title from (select * from blog_posts where published = 1 and published_at <= ${NOW}) as p left join post_translations as t on t.post_id = p.id and t.locale = 'en' where (p.published_at < ${ago(400)} or (p.published_at = ${ago(400)} and p.id < 'post-001000')) order by p.published_at desc, p.id desc limit 1`,
    },
    {
      name: 'sitemap posts',
      where: 'site/seo.ts sitemapPosts (per content version)',
      hot: false,
      sql: `select id, slug, published_at, created_at, updated_at from blog_posts where published = 1 and published_at <= ${NOW} order by published_at desc, id desc`,
    },
    {
      name: 'my orders',
      where: 'orders/queries.ts listOrdersOfUser (/account)',
      hot: true,
      sql: `select * from orders where user_id = ${user} and (stripe_session_id is not null or status not in ('pending_payment', 'cancelled') or paid_at is not null or exists (select withdrawals.id from withdrawals where withdrawals.order_id = orders.id)) order by created_at desc, id limit 100`,
    },
    {
      name: 'unsubscribe link',
      where: 'newsletter/leaving.ts (one-click unsubscribe)',
      hot: true,
      sql: `select id from newsletter_subscribers where unsubscribe_token = 'unsub-4711'`,
    },
    {
      name: 'pending consent of an address',
      where: 'newsletter/consents.ts (confirmation link)',
      hot: true,
      sql: `select id from newsletter_consents where email = 'reader4711@example.net' and confirmed_at is null and unsubscribed_at is null order by signed_up_at desc, id desc limit 1`,
    },
    // Workers.
    {
      name: 'order worker claim',
      where: 'orders/submission.ts claimDueOrder (30 s)',
      hot: true,
      sql: `select id from orders where status = 'pending_provider' and next_attempt_at <= ${NOW} order by next_attempt_at limit 5`,
    },
    {
      name: 'stale order payments',
      where: 'orders/reconcile-payments.ts (order worker, 30 s)',
      hot: true,
      sql: `select * from orders where status = 'pending_payment' and stripe_session_id is not null and created_at < ${ago(25 / 24)} and created_at > ${ago(30)} and (next_attempt_at is null or next_attempt_at <= ${NOW}) order by created_at limit 20`,
    },
    {
      name: 'orders without checkout (update)',
      where: 'orders/reconcile-payments.ts cancelOrdersWithoutSession',
      hot: true,
      sql: `select order_number from orders where status = 'pending_payment' and stripe_session_id is null and created_at < ${ago(25 / 24)}`,
    },
    {
      name: 'stale donations',
      where: 'donations/reconcile.ts reconcileStaleDonations',
      hot: true,
      sql: `select id, status, stripe_session_id, updated_at from donations where status in ('open', 'pending') and stripe_session_id is not null and created_at < ${ago(25 / 24)} and created_at > ${ago(30)} and updated_at <= ${ago(1 / 24)} order by created_at limit 20`,
    },
    {
      name: 'newsletter: next recipients (old form)',
      where: 'newsletter/sending.ts missingRecipients batch from the start (queue worker, each batch)',
      hot: true,
      sql: `select s.id, s.email, s.locale, s.unsubscribe_token from newsletter_subscribers as s where s.confirmed_at is not null and s.confirmed_at <= ${NOW} and s.unsubscribe_token is not null and not exists (select d.outbox_id from newsletter_deliveries as d where d.subscriber_id = s.id and d.newsletter_id = 'newsletter-059') order by s.id limit 200`,
    },
    {
      name: 'newsletter: next recipients (new form)',
      where: 'newsletter/sending.ts missingRecipients batch after the last one',
      hot: true,
      sql: `select s.id, s.email, s.locale, s.unsubscribe_token from newsletter_subscribers as s where s.confirmed_at is not null and s.confirmed_at <= ${NOW} and s.unsubscribe_token is not null and not exists (select d.outbox_id from newsletter_deliveries as d where d.subscriber_id = s.id and d.newsletter_id = 'newsletter-059') and s.id > ${q(seeded.lastQueuedSubscriberId)} order by s.id limit 200`,
    },
    {
      name: 'newsletter: subscribers without token',
      where: 'newsletter/sending.ts giveTokensToOlderSubscribers (each queue run)',
      hot: true,
      sql: `select id from newsletter_subscribers where confirmed_at is not null and unsubscribe_token is null`,
    },
    {
      name: 'newsletter delivery counts',
      where: 'newsletter/newsletters.ts (newsletter admin list)',
      hot: false,
      sql: `select newsletter_id, count(*) as count from newsletter_deliveries where newsletter_id in ('newsletter-056', 'newsletter-057', 'newsletter-058', 'newsletter-059') group by newsletter_id`,
    },
    {
      name: 'newsletter open deliveries',
      where: 'newsletter/newsletters.ts (newsletter admin list)',
      hot: false,
      sql: `select d.newsletter_id, o.status, count(*) as count from newsletter_deliveries as d inner join outbox as o on o.id = d.outbox_id where d.newsletter_id in ('newsletter-056', 'newsletter-057', 'newsletter-058', 'newsletter-059') and o.status in ('pending', 'failed') group by d.newsletter_id, o.status`,
    },
    {
      name: 'newsletter delivery counts (live only)',
      where: 'newsletter/newsletters.ts countProgress: only newsletters without kept numbers (migration 0025)',
      hot: false,
      sql: `select newsletter_id, count(*) as count from newsletter_deliveries where newsletter_id in ('newsletter-059') group by newsletter_id`,
    },
    {
      name: 'newsletter open deliveries (live only)',
      where: 'newsletter/newsletters.ts countProgress: only newsletters without kept numbers (migration 0025)',
      hot: false,
      sql: `select d.newsletter_id, o.status, count(*) as count from outbox as o cross join newsletter_deliveries as d where d.outbox_id = o.id and d.newsletter_id in ('newsletter-059') and o.status in ('pending', 'failed') group by d.newsletter_id, o.status`,
    },
    // Admin lists.
    {
      name: 'orders admin count',
      where: 'orders/admin-list.ts listOrdersForAdmin',
      hot: false,
      sql: `select count(*) as total from orders`,
    },
    {
      name: 'orders admin page 1',
      where: 'orders/admin-list.ts listOrdersForAdmin',
      hot: false,
      sql: `select orders.* from orders order by orders.created_at desc, orders.order_number limit 25 offset 0`,
    },
    {
      name: 'orders admin page 400',
      where: 'orders/admin-list.ts listOrdersForAdmin',
      hot: false,
      sql: `select orders.* from orders order by orders.created_at desc, orders.order_number limit 25 offset 9975`,
    },
    {
      name: 'orders admin by status',
      where: 'orders/admin-list.ts listOrdersForAdmin status=pending_payment',
      hot: false,
      sql: `select orders.* from orders where orders.status = 'pending_payment' order by orders.created_at desc, orders.order_number limit 25 offset 0`,
    },
    {
      name: 'orders admin search',
      where: 'orders/admin-list.ts listOrdersForAdmin search',
      hot: false,
      sql: `select orders.* from orders where (lower(orders.email) like '%buyer1234%' escape '\\' or lower(orders.order_number) like '%buyer1234%' escape '\\') order by orders.created_at desc, orders.order_number limit 25 offset 0`,
    },
    {
      name: 'operator order list',
      where: 'orders/queries.ts listOrdersForOperators (CLI)',
      hot: false,
      sql: `select orders.order_number, orders.status, orders.created_at, coalesce(sum(order_items.quantity), 0) as item_count from orders left join order_items on order_items.order_id = orders.id group by orders.id, orders.order_number, orders.status, orders.created_at order by orders.created_at desc, orders.order_number limit 500`,
    },
    {
      name: 'order audit entry',
      where: 'orders/queries.ts orderEntryActor (payment webhook, cancel)',
      hot: false,
      sql: `select actor_id, actor_email, ip from audit_log where object_type = 'order' and object_id = 'SB-250301-01234' and action = 'order.refunded' order by created_at limit 1`,
    },
    {
      name: 'donations admin count',
      where: 'donations/admin.ts listDonationsForAdmin',
      hot: false,
      sql: `select count(*) as total from donations`,
    },
    {
      name: 'donations admin page 1',
      where: 'donations/admin.ts listDonationsForAdmin',
      hot: false,
      sql: `select donations.* from donations order by donations.created_at desc, donations.id limit 50 offset 0`,
    },
    {
      name: 'donations admin by status',
      where: 'donations/admin.ts listDonationsForAdmin status=failed',
      hot: false,
      sql: `select donations.* from donations where donations.status = 'failed' order by donations.created_at desc, donations.id limit 50 offset 0`,
    },
    {
      name: 'donations admin by month',
      where: 'donations/admin.ts listDonationsForAdmin month',
      hot: false,
      sql: `select donations.* from donations where ((donations.created_at >= ${month.start} and donations.created_at < ${month.end}) or exists (select donation_payments.id from donation_payments where donation_payments.donation_id = donations.id and donation_payments.paid_at >= ${month.start} and donation_payments.paid_at < ${month.end})) order by donations.created_at desc, donations.id limit 50 offset 0`,
    },
    {
      name: 'donations received per donation',
      where: 'donations/admin.ts receivedByDonation',
      hot: false,
      sql: `select donation_id, count(*) as count, sum(amount_cents) as cents from donation_payments where donation_id in (${ids('donation-', 50)}) and status = 'paid' group by donation_id`,
    },
    {
      name: 'donation totals',
      where: 'donations/admin.ts donationTotals',
      hot: false,
      sql: `select donations.mode, donation_payments.status, donation_payments.amount_cents, donation_payments.paid_at from donation_payments inner join donations on donations.id = donation_payments.donation_id where donation_payments.status in ('paid', 'refunded')`,
    },
    {
      name: 'donation totals (summed per stretch)',
      where: 'donations/admin.ts donationTotals: per UTC month, per UTC hour on the first and last days',
      hot: false,
      sql: `select case when substr(donation_payments.paid_at, 9, 2) in ('01', '28', '29', '30', '31') then substr(donation_payments.paid_at, 1, 13) else substr(donation_payments.paid_at, 1, 7) end as stretch, donations.mode, donation_payments.status, sum(donation_payments.amount_cents) as cents, count(*) as payments from donation_payments inner join donations on donations.id = donation_payments.donation_id where donation_payments.status in ('paid', 'refunded') group by case when substr(donation_payments.paid_at, 9, 2) in ('01', '28', '29', '30', '31') then substr(donation_payments.paid_at, 1, 13) else substr(donation_payments.paid_at, 1, 7) end, donations.mode, donation_payments.status`,
    },
    {
      name: 'active monthly pledges',
      where: 'donations/admin.ts donationTotals',
      hot: false,
      sql: `select count(*) as count, sum(amount_cents) as cents from donations where mode = 'monthly' and status = 'active'`,
    },
    {
      name: 'donation payments CSV (a month)',
      where: 'donations/admin.ts exportPaymentsCsv month',
      hot: false,
      sql: `select donation_payments.*, donations.mode, donations.donor_email from donation_payments inner join donations on donations.id = donation_payments.donation_id where donation_payments.status in ('paid', 'refunded') and donation_payments.paid_at >= ${month.start} and donation_payments.paid_at < ${month.end} order by donation_payments.paid_at, donation_payments.id`,
    },
    {
      name: 'messages admin count (open)',
      where: 'contact/admin.ts listMessagesForAdmin unanswered',
      hot: false,
      sql: `select count(*) as total from contact_messages where answered_at is null`,
    },
    {
      name: 'messages admin page (open)',
      where: 'contact/admin.ts listMessagesForAdmin unanswered',
      hot: false,
      sql: `select * from contact_messages where answered_at is null order by created_at desc, id limit 25 offset 0`,
    },
    {
      name: 'messages admin page (all)',
      where: 'contact/admin.ts listMessagesForAdmin',
      hot: false,
      sql: `select * from contact_messages order by created_at desc, id limit 25 offset 0`,
    },
    {
      name: 'audit page 1',
      where: 'audit/queries.ts listAuditEntries',
      hot: false,
      sql: `select * from audit_log order by created_at desc, id desc limit 50 offset 0`,
    },
    {
      name: 'audit count',
      where: 'audit/queries.ts listAuditEntries',
      hot: false,
      sql: `select count(*) as count from audit_log`,
    },
    {
      name: 'audit page of one person',
      where: 'audit/queries.ts listAuditEntries actor',
      hot: false,
      sql: `select * from audit_log where actor_email = 'user1@example.org' order by created_at desc, id desc limit 50 offset 0`,
    },
    {
      name: 'audit page of one action',
      where: 'audit/queries.ts listAuditEntries action',
      hot: false,
      sql: `select * from audit_log where action = 'order.cancelled' order by created_at desc, id desc limit 50 offset 0`,
    },
    {
      name: 'audit people',
      where: 'audit/queries.ts listAuditActors (person filter)',
      hot: false,
      sql: `select distinct actor_email from audit_log order by actor_email`,
    },
    {
      name: 'audit CSV (old form)',
      where: 'audit/queries.ts exportAuditCsv: every entry in one read',
      hot: false,
      sql: `select * from audit_log order by created_at desc, id desc`,
    },
    {
      name: 'audit CSV: first page',
      where: 'audit/csv-export.ts exportAuditCsv (AUDIT_CSV_PAGE_ROWS)',
      hot: false,
      sql: `select id, created_at, actor_email, action, object_type, object_id, ip, detail from audit_log order by created_at desc, id desc limit 5000`,
    },
    {
      name: 'audit CSV: a later page',
      where: 'audit/csv-export.ts exportAuditCsv, after the last entry of the page before',
      hot: false,
      sql: `select id, created_at, actor_email, action, object_type, object_id, ip, detail from audit_log where created_at <= ${ago(900)} and (created_at < ${ago(900)} or id < 'audit-0050000') order by created_at desc, id desc limit 5000`,
    },
    {
      name: 'audit CSV of one person: a later page',
      where: 'audit/csv-export.ts exportAuditCsv actor',
      hot: false,
      sql: `select id, created_at, actor_email, action, object_type, object_id, ip, detail from audit_log where actor_email = 'user1@example.org' and created_at <= ${ago(900)} and (created_at < ${ago(900)} or id < 'audit-0050000') order by created_at desc, id desc limit 5000`,
    },
    {
      name: 'audit CSV of one action: a later page',
      where: 'audit/csv-export.ts exportAuditCsv action',
      hot: false,
      sql: `select id, created_at, actor_email, action, object_type, object_id, ip, detail from audit_log where action = 'order.cancelled' and created_at <= ${ago(900)} and (created_at < ${ago(900)} or id < 'audit-0050000') order by created_at desc, id desc limit 5000`,
    },
    {
      name: 'subscribers page 1',
      where: 'newsletter/subscribers.ts listSubscribers',
      hot: false,
      sql: `select id, email, locale, confirmed_at, created_at from newsletter_subscribers order by created_at desc, id limit 50 offset 0`,
    },
    {
      name: 'subscribers page 500',
      where: 'newsletter/subscribers.ts listSubscribers',
      hot: false,
      sql: `select id, email, locale, confirmed_at, created_at from newsletter_subscribers order by created_at desc, id limit 50 offset 24950`,
    },
    {
      name: 'subscriber counts',
      where: 'newsletter/subscribers.ts listSubscribers',
      hot: false,
      sql: `select count(*) as total, count(confirmed_at) as confirmed from newsletter_subscribers`,
    },
    {
      name: 'subscribers CSV',
      where: 'newsletter/subscribers.ts exportSubscribersCsv',
      hot: false,
      sql: `select id, email, locale, confirmed_at, created_at from newsletter_subscribers order by created_at desc, id`,
    },
    {
      name: 'subscribers CSV consents',
      where: 'newsletter/subscribers.ts currentConsents',
      hot: false,
      sql: `select email, sign_up_ip, confirm_ip, confirmed_at, privacy_policy_version from newsletter_consents where unsubscribed_at is null order by signed_up_at, id`,
    },
    {
      name: 'failed mails',
      where: 'mail/failed-mails.ts listFailedMails (CLI)',
      hot: false,
      sql: `select id, kind, "to", subject, created_at, attempts, last_error from outbox where status = 'failed' and kind != 'newsletter' order by created_at desc, id`,
    },
    {
      name: 'newsletter failures',
      where: 'newsletter/resending.ts newsletterFailures',
      hot: false,
      sql: `select o.last_error from newsletter_deliveries as d inner join outbox as o on o.id = d.outbox_id where d.newsletter_id = 'newsletter-058' and o.status = 'failed'`,
    },
    // The daily retention job (as selects of what it deletes or updates).
    {
      name: 'retention: sent mails (old form)',
      where: 'retention/delete.ts deleteOldSentMails (daily), by sent_at alone',
      hot: false,
      sql: `select id from outbox where status = 'sent' and sent_at < ${ago(30)}`,
    },
    {
      name: 'retention: sent mails',
      where: 'retention/delete.ts oldSentMails (daily): queued before the cutoff too',
      hot: false,
      sql: `select id from outbox where status = 'sent' and created_at < ${ago(30)} and sent_at < ${ago(30)}`,
    },
    {
      name: 'retention: failed mails',
      where: 'retention/delete.ts deleteOldFailedMails (daily)',
      hot: false,
      sql: `select id from outbox where status = 'failed' and created_at < ${ago(30)} and not exists (select newsletter_deliveries.outbox_id from newsletter_deliveries where newsletter_deliveries.outbox_id = outbox.id)`,
    },
    {
      name: 'retention: contact messages',
      where: 'retention/delete.ts deleteOldContactMessages (daily)',
      hot: false,
      sql: `select id from contact_messages where created_at < ${ago(365)}`,
    },
    {
      name: 'retention: sessions',
      where: 'retention/delete.ts deleteExpiredSessions (daily)',
      hot: false,
      sql: `select id from sessions where expires_at <= ${NOW}`,
    },
    {
      name: 'retention: audit entries',
      where: 'retention/delete.ts deleteOldAuditEntries (daily)',
      hot: false,
      sql: `select id from audit_log where created_at < ${ago(730)}`,
    },
    {
      name: 'retention: unpaid donations',
      where: 'retention/delete.ts anonymizeUnpaidDonations (daily)',
      hot: false,
      sql: `select id from donations where status not in ('paid', 'active', 'refunded') and created_at < ${ago(90)} and confirmed_at is null and not exists (select donation_payments.id from donation_payments where donation_payments.donation_id = donations.id and donation_payments.status in ('paid', 'refunded')) and (donor_email != '' or stripe_customer_id is not null)`,
    },
    {
      name: 'retention: old orders',
      where: 'retention/delete.ts anonymizeOldOrders (daily)',
      hot: false,
      sql: `select id from orders where created_at < ${q(`${now.getUTCFullYear() - 10}-01-01T00:00:00.000Z`)} and (email != '' or user_id is not null)`,
    },
  ];
}
