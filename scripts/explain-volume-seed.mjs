// The data of a site that has run for five years, for scripts/explain-volume.mjs: 5,000 users, 50,000
// newsletter subscribers (and their consent records), 60 newsletters (the last four with a delivery row per
// recipient; one of them still being queued, 40,000 of its mails pending), 200,000 outbox rows, 20,000 orders with
// their lines, 30,000 donations (2,000 of them monthly pledges with their monthly payments), 2,000 posts in
// three languages, 100,000 audit entries and 10,000 contact messages. Written through Kysely in batches,
// so the same code fills SQLite and PostgreSQL. Deterministic: the same rows every run.

const DAY_MS = 24 * 60 * 60_000;
const YEARS = 5;
const BATCH_PARAMETERS = 30_000;

export const VOLUME = {
  users: 5_000,
  subscribers: 50_000,
  newsletters: 60,
  outbox: 200_000,
  orders: 20_000,
  donations: 30_000,
  monthlyPledges: 2_000,
  posts: 2_000,
  auditEntries: 100_000,
  contactMessages: 10_000,
};

/** A small deterministic random source (mulberry32), so two runs measure the same rows. */
function randomSource(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n, width = 6) => String(n).padStart(width, '0');

async function insertAll(db, table, rows) {
  if (rows.length === 0) return;
  const perBatch = Math.max(1, Math.floor(BATCH_PARAMETERS / Object.keys(rows[0]).length));
  for (let start = 0; start < rows.length; start += perBatch) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + perBatch))
      .execute();
  }
}

/** Fills an empty, migrated database. `now` is the moment the measurements run at. */
export async function seedVolume(db, now) {
  const random = randomSource(20261129);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const at = (ms) => new Date(ms).toISOString();
  const nowMs = now.getTime();
  /** A moment in the last five years, evenly spread. */
  const past = () => at(nowMs - random() * YEARS * 365 * DAY_MS);
  const daysAgo = (days) => at(nowMs - days * DAY_MS);
  const locale = () => pick(['de', 'de', 'de', 'en', 'fr']);
  const mailText = `Hallo,\n\n${'vielen Dank für Ihre Unterstützung der SchoolBox. '.repeat(20)}`;
  const mailHtml = `<html><body>${'<p>vielen Dank für Ihre Unterstützung der SchoolBox.</p>'.repeat(30)}</body></html>`;

  const users = [];
  for (let i = 0; i < VOLUME.users; i++) {
    const created = past();
    users.push({
      id: `user-${pad(i)}`,
      email: `user${i}@example.org`,
      email_verified_at: i % 20 === 0 ? null : created,
      password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA',
      first_name: `Vorname${i}`,
      last_name: `Nachname${i}`,
      locale: locale(),
      created_at: created,
      updated_at: created,
    });
  }
  await insertAll(db, 'users', users);
  const admins = users.slice(0, 5);
  await insertAll(
    db,
    'user_roles',
    admins.map((user) => ({ user_id: user.id, role: 'admin', created_at: user.created_at })),
  );
  await insertAll(
    db,
    'sessions',
    users.slice(0, 2_000).map((user, i) => ({
      id: `session-${pad(i)}`,
      user_id: user.id,
      secret_hash: `hash-${i}`,
      created_at: daysAgo(random() * 30),
      expires_at: daysAgo(-random() * 30),
    })),
  );

  const categories = ['projekte', 'neuigkeiten', 'technik', 'partner', 'spenden'];
  const posts = [];
  for (let i = 0; i < VOLUME.posts; i++) {
    const published = i % 25 !== 0;
    // A few scheduled ones (published, published_at ahead), the rest of the published ones public.
    const publishedAt = !published ? null : i % 97 === 0 ? daysAgo(-random() * 20) : past();
    const created = publishedAt && publishedAt < now.toISOString() ? publishedAt : past();
    posts.push({
      id: `post-${pad(i)}`,
      slug: `beitrag-${i}`,
      title: `Beitrag ${i}`,
      excerpt: `Kurzfassung ${i}`,
      content: `<p>${'Eine SchoolBox bringt Unterricht dorthin, wo es keine Schule gibt. '.repeat(40)}</p>`,
      author: 'Team SchoolBox',
      category: pick(categories),
      tags: '["schule","solar"]',
      image_url: null,
      image_alt: null,
      featured: i % 50 === 0 ? 1 : 0,
      published: published ? 1 : 0,
      published_at: publishedAt,
      created_at: created,
      updated_at: created,
      user_id: admins[i % admins.length].id,
    });
  }
  await insertAll(db, 'blog_posts', posts);
  await insertAll(
    db,
    'post_translations',
    posts.flatMap((post) =>
      ['en', 'fr'].map((lang) => ({
        post_id: post.id,
        locale: lang,
        title: `${post.title} (${lang})`,
        excerpt: post.excerpt,
        content: post.content,
        tags: post.tags,
        image_alt: null,
      })),
    ),
  );

  const subscribers = [];
  const consents = [];
  for (let i = 0; i < VOLUME.subscribers; i++) {
    const created = past();
    const confirmed = i % 16 !== 0;
    const email = `reader${i}@example.net`;
    subscribers.push({
      id: `sub-${pad(i)}`,
      email,
      locale: locale(),
      confirmed_at: confirmed ? created : null,
      token_hash: confirmed ? null : `token-${i}`,
      token_expires_at: confirmed ? null : at(Date.parse(created) + 7 * DAY_MS),
      unsubscribe_token: `unsub-${i}`,
      created_at: created,
    });
    consents.push({
      id: `consent-${pad(i)}`,
      email,
      locale: 'de',
      signed_up_at: created,
      sign_up_ip: '192.0.2.1',
      confirmed_at: confirmed ? created : null,
      confirm_ip: confirmed ? '192.0.2.1' : null,
      consent_text: 'Ja, ich möchte den Newsletter erhalten.',
      privacy_policy_version: '2026-01',
      unsubscribed_at: null,
    });
  }
  // Those who left: their subscriber row is gone, the consent record stays for a while.
  for (let i = 0; i < 5_000; i++) {
    const signedUp = past();
    consents.push({
      id: `consent-left-${pad(i)}`,
      email: `former${i}@example.net`,
      locale: 'de',
      signed_up_at: signedUp,
      sign_up_ip: '192.0.2.2',
      confirmed_at: signedUp,
      confirm_ip: '192.0.2.2',
      consent_text: 'Ja, ich möchte den Newsletter erhalten.',
      privacy_policy_version: '2025-01',
      unsubscribed_at: daysAgo(random() * 1000),
    });
  }
  await insertAll(db, 'newsletter_subscribers', subscribers);
  await insertAll(db, 'newsletter_consents', consents);

  const newsletters = [];
  for (let i = 0; i < VOLUME.newsletters; i++) {
    const sentAt = daysAgo((VOLUME.newsletters - i) * 30 - 25);
    const sending = i === VOLUME.newsletters - 1;
    newsletters.push({
      id: `newsletter-${pad(i, 3)}`,
      subject_de: `Rundbrief ${i}`,
      body_de: 'Liebe Leserinnen und Leser, …',
      status: sending ? 'sending' : 'sent',
      created_by: admins[0].id,
      created_at: sentAt,
      updated_at: sentAt,
      sent_by: admins[0].id,
      send_started_at: sending ? daysAgo(0.1) : sentAt,
      sent_at: sending ? null : sentAt,
    });
  }
  await insertAll(db, 'newsletters', newsletters);

  // The outbox: the newsletter now sending (40,000 of its mails pending, the rest sent), the three before
  // it sent within the last 30 days (sent mail is deleted after 30 days), and transactional mail.
  const outbox = [];
  const deliveries = [];
  const confirmedSubscribers = subscribers.filter((s) => s.confirmed_at);
  const recentNewsletters = newsletters.slice(-4);
  let mailNumber = 0;
  const mail = (row) => {
    const id = `mail-${pad(mailNumber++, 7)}`;
    outbox.push({
      id,
      to: 'someone@example.net',
      subject: 'Betreff',
      text: mailText,
      html: mailHtml,
      attempts: 1,
      last_error: null,
      headers: '{}',
      ...row,
    });
    return id;
  };
  // The newsletter now sending is still being queued: its last 7,000 recipients have no mail yet.
  const stillToQueue = 7_000;
  const lastQueued = confirmedSubscribers[confirmedSubscribers.length - stillToQueue - 1];
  recentNewsletters.forEach((newsletter, n) => {
    const sending = newsletter.status === 'sending';
    for (const [i, subscriber] of confirmedSubscribers.entries()) {
      if (outbox.length >= VOLUME.outbox - 8_000) break;
      if (sending && subscriber.id > lastQueued.id) break;
      const pending = sending && i >= confirmedSubscribers.length - stillToQueue - 40_000;
      const failed = !pending && i % 500 === 0;
      const created = sending ? daysAgo(0.1) : daysAgo(25 - n * 8);
      const id = mail({
        kind: 'newsletter',
        priority: 2,
        status: pending ? 'pending' : failed ? 'failed' : 'sent',
        next_attempt_at: pending ? at(nowMs + (i % 1000) * 1000) : created,
        created_at: created,
        sent_at: pending || failed ? null : created,
        last_error: failed ? '550 5.1.1 mailbox unavailable' : null,
      });
      deliveries.push({ outbox_id: id, newsletter_id: newsletter.id, subscriber_id: subscriber.id, created_at: created });
    }
  });
  const kinds = [
    ['verify_email', 0],
    ['reset_password', 0],
    ['order_confirmation', 0],
    ['donation_thanks', 0],
    ['team_notice', 1],
    ['newsletter_confirm', 1],
    ['contact_inbox', 2],
    ['contact_receipt', 2],
  ];
  while (outbox.length < VOLUME.outbox) {
    const [kind, priority] = pick(kinds);
    const created = daysAgo(random() * 30);
    const due = outbox.length % 200 === 0;
    const failed = outbox.length % 97 === 0;
    mail({
      kind,
      priority,
      status: due ? 'pending' : failed ? 'failed' : 'sent',
      next_attempt_at: due ? daysAgo(random() / 24 / 60) : created,
      created_at: due ? daysAgo(random() / 24 / 60) : created,
      sent_at: due || failed ? null : created,
      last_error: failed ? '550 5.1.1 mailbox unavailable' : null,
    });
  }
  await insertAll(db, 'outbox', outbox);
  await insertAll(db, 'newsletter_deliveries', deliveries);

  const orders = [];
  const items = [];
  for (let i = 0; i < VOLUME.orders; i++) {
    const created = past();
    const recent = Date.parse(created) > nowMs - 2 * DAY_MS;
    const status =
      recent && i % 3 === 0 ? 'pending_payment' : pick(['submitted', 'submitted', 'confirmed', 'confirmed', 'cancelled', 'refunded']);
    const paid = status !== 'pending_payment' && status !== 'cancelled';
    const user = i % 3 === 0 ? users[i % users.length] : null;
    orders.push({
      id: `order-${pad(i)}`,
      order_number: `SB-${created.slice(2, 4)}${created.slice(5, 7)}${created.slice(8, 10)}-${pad(i, 5)}`,
      user_id: user?.id ?? null,
      idempotency_key: `key-${i}`,
      status,
      locale: locale(),
      email: user?.email ?? `buyer${i}@example.com`,
      first_name: 'Erika',
      last_name: 'Mustermann',
      phone: null,
      address: 'Musterstraße 1',
      city: 'Köln',
      postal_code: '50667',
      country: 'DE',
      currency: 'eur',
      subtotal_cents: 2500,
      shipping_cents: 490,
      total_cents: 2990,
      printful_order_id: paid ? String(100000 + i) : null,
      printful_status: paid ? 'draft' : null,
      provider_attempts: 1,
      next_attempt_at: null,
      last_error: null,
      created_at: created,
      updated_at: created,
      stripe_session_id: `cs_test_${i}`,
      stripe_payment_intent_id: paid ? `pi_order_${i}` : null,
      paid_at: paid ? created : null,
      cancelled_at: status === 'cancelled' || status === 'refunded' ? created : null,
      refunded_at: status === 'refunded' ? created : null,
    });
    const lines = 1 + (i % 3);
    for (let position = 0; position < lines; position++) {
      items.push({
        id: `item-${pad(i)}-${position}`,
        order_id: `order-${pad(i)}`,
        position,
        product_id: `product-${position}`,
        variant_id: `variant-${position}`,
        name: 'SchoolBox T-Shirt',
        color: 'Blau',
        size: 'M',
        image: null,
        unit_price_cents: 2500,
        quantity: 1,
      });
    }
  }
  await insertAll(db, 'orders', orders);
  await insertAll(db, 'order_items', items);
  await insertAll(
    db,
    'withdrawals',
    orders
      .filter((_, i) => i % 100 === 0)
      .map((order, i) => ({
        id: `withdrawal-${pad(i)}`,
        order_id: order.id,
        order_number: order.order_number,
        name: 'Erika Mustermann',
        email: order.email,
        message: null,
        locale: 'de',
        created_at: order.created_at,
      })),
  );

  const donations = [];
  const payments = [];
  for (let i = 0; i < VOLUME.donations; i++) {
    const monthly = i < VOLUME.monthlyPledges;
    const created = past();
    const status = monthly
      ? pick(['active', 'active', 'cancelled'])
      : pick(['paid', 'paid', 'paid', 'paid', 'expired', 'failed', 'refunded']);
    const confirmed = ['active', 'cancelled', 'paid', 'refunded'].includes(status);
    donations.push({
      id: `donation-${pad(i)}`,
      mode: monthly ? 'monthly' : 'one_time',
      amount_cents: pick([1000, 2500, 5000, 10000, 30000]),
      currency: 'eur',
      status,
      donor_email: `donor${i}@example.com`,
      donor_name: `Spender ${i}`,
      locale: locale(),
      stripe_session_id: `cs_donation_${i}`,
      stripe_customer_id: `cus_${i}`,
      stripe_subscription_id: monthly ? `sub_${i}` : null,
      stripe_payment_intent_id: monthly || !confirmed ? null : `pi_donation_${i}`,
      created_at: created,
      updated_at: created,
      confirmed_at: confirmed ? created : null,
    });
    if (!confirmed) continue;
    const months = monthly ? Math.max(1, Math.floor((nowMs - Date.parse(created)) / (30 * DAY_MS))) : 1;
    for (let m = 0; m < months; m++) {
      const paidAt = at(Date.parse(created) + m * 30 * DAY_MS);
      payments.push({
        id: `payment-${pad(i)}-${m}`,
        donation_id: `donation-${pad(i)}`,
        amount_cents: 2500,
        currency: 'eur',
        status: status === 'refunded' ? 'refunded' : 'paid',
        stripe_invoice_id: monthly ? `in_${i}_${m}` : null,
        stripe_payment_intent_id: monthly ? `pi_invoice_${i}_${m}` : `pi_donation_${i}`,
        stripe_charge_id: `ch_${i}_${m}`,
        paid_at: paidAt,
        created_at: paidAt,
      });
    }
  }
  await insertAll(db, 'donations', donations);
  await insertAll(db, 'donation_payments', payments);

  const actions = [
    'post.edited',
    'post.published',
    'message.answered',
    'admin.signed_in',
    'order.cancelled',
    'order.refunded',
    'newsletter.sent',
    'donations.exported',
  ];
  const audit = [];
  for (let i = 0; i < VOLUME.auditEntries; i++) {
    const action = pick(actions);
    const order = action.startsWith('order.') ? orders[i % orders.length] : null;
    audit.push({
      id: `audit-${pad(i, 7)}`,
      created_at: past(),
      actor_id: admins[i % admins.length].id,
      actor_email: admins[i % admins.length].email,
      action,
      object_type: order ? 'order' : 'post',
      object_id: order ? order.order_number : `post-${pad(i % VOLUME.posts)}`,
      detail: '{}',
      ip: '192.0.2.7',
    });
  }
  await insertAll(db, 'audit_log', audit);

  const messages = [];
  for (let i = 0; i < VOLUME.contactMessages; i++) {
    const created = past();
    const answered = i % 40 !== 0;
    messages.push({
      id: `message-${pad(i)}`,
      name: `Absender ${i}`,
      email: `writer${i}@example.org`,
      organization: null,
      inquiry_type: 'general',
      subject: 'Frage zur SchoolBox',
      message: 'Guten Tag, wir möchten gern mehr erfahren. '.repeat(10),
      locale: 'de',
      created_at: created,
      user_id: i % 10 === 0 ? users[i % users.length].id : null,
      answered_at: answered ? created : null,
      answered_by: answered ? admins[0].email : null,
    });
  }
  await insertAll(db, 'contact_messages', messages);

  await insertAll(
    db,
    'stripe_events',
    Array.from({ length: 5_000 }, (_, i) => ({
      id: `evt_${i}`,
      type: 'checkout.session.completed',
      livemode: 0,
      created_at: daysAgo(random() * 30),
      received_at: daysAgo(random() * 30),
    })),
  );
  await insertAll(db, 'app_state', [{ key: 'content_version', value: '4711' }]);
  return {
    lastQueuedSubscriberId: lastQueued.id,
    outbox: outbox.length,
    deliveries: deliveries.length,
    payments: payments.length,
    orderItems: items.length,
    consents: consents.length,
  };
}
