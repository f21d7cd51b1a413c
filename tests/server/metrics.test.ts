import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '@server/audit/record';
import { recordBackupSuccess } from '@server/backup/status';
import { createPost } from '@server/blog/posts';
import { enqueueMail } from '@server/mail/outbox';
import { createUser } from '../support/accounts';
import { postValues } from '../support/blog';
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET } from '../support/fake-stripe';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
afterEach(() => app.close());

const TOKEN = 'metrics-token-0123456789abcdef';
/** A visitor on the internet, as the reverse proxy reports them (TRUST_PROXY=true). */
const REMOTE = { 'X-Forwarded-For': '203.0.113.7' };
const MAIL = { subject: 'Hallo', text: 'Hallo', html: '<p>Hallo</p>' };

async function scrape(headers: Record<string, string> = {}): Promise<string> {
  const response = await app.request('/metrics', { headers });
  expect(response.status).toBe(200);
  return response.text();
}

/** Every line of an exposition: a HELP or TYPE comment, or a sample `name{labels} value`. */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*"(,[a-zA-Z_][a-zA-Z0-9_]*="(\\.|[^"\\])*")*)?\})? (?<value>-?[0-9.e+-]+|NaN|[+-]Inf)$/;
const COMMENT = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.*)$/;

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Parses the exposition, failing on any line that is not in the format or a sample outside its declared family. */
function parse(text: string): Sample[] {
  expect(text.endsWith('\n')).toBe(true);
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  let family: string | null = null;
  for (const line of text.trimEnd().split('\n')) {
    const comment = COMMENT.exec(line);
    if (comment) {
      const [, kind, name, rest] = comment;
      if (kind === 'HELP') family = name ?? null;
      else {
        expect(name).toBe(family);
        expect(['counter', 'gauge', 'histogram']).toContain(rest);
        types.set(name as string, rest as string);
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    expect(match, line).not.toBeNull();
    const name = match?.[1] as string;
    const base = types.get(name) === undefined ? name.replace(/_(bucket|sum|count)$/, '') : name;
    expect(base, `${line} belongs to the family declared before it`).toBe(family);
    expect(types.has(base)).toBe(true);
    const labels = Object.fromEntries([...(match?.[3] ?? '').matchAll(/([a-zA-Z_]\w*)="((?:\\.|[^"\\])*)"/g)].map((m) => [m[1], m[2]]));
    const raw = match?.groups?.value as string;
    samples.push({ name, labels, value: raw === 'NaN' ? Number.NaN : raw === '+Inf' ? Infinity : Number(raw) });
  }
  return samples;
}

function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}

function routeLabels(samples: Sample[]): Set<string> {
  return new Set(samples.filter((s) => s.name === 'schoolbox_http_requests_total').map((s) => s.labels.route as string));
}

describe('GET /metrics: who may read it', () => {
  it('is a 404 page for a visitor from elsewhere without the token, or with a wrong one', async () => {
    app = await startTestApp({ TRUST_PROXY: 'true', METRICS_TOKEN: TOKEN });
    const unknown = await app.request('/no-such-page', { headers: REMOTE });
    for (const headers of [
      REMOTE,
      { ...REMOTE, Authorization: 'Bearer wrong-token-0123456789abcdef' },
      { ...REMOTE, Authorization: TOKEN },
    ]) {
      const response = await app.request('/metrics', { headers });
      expect(response.status).toBe(404);
      // The same answer as any unknown address: nothing says the endpoint exists.
      expect(response.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
      expect(await response.text()).not.toContain('schoolbox_');
    }
  });

  it('answers a visitor from elsewhere with the token, never cached', async () => {
    app = await startTestApp({ TRUST_PROXY: 'true', METRICS_TOKEN: TOKEN });
    const response = await app.request('/metrics', { headers: { ...REMOTE, Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    parse(await response.text());
  });

  it('answers a request from this machine without a token (no proxy in front)', async () => {
    app = await startTestApp();
    parse(await scrape());
  });

  it('behind a proxy, goes by the forwarded address: a local one is let in, without a token', async () => {
    app = await startTestApp({ TRUST_PROXY: 'true' });
    expect((await app.request('/metrics', { headers: REMOTE })).status).toBe(404);
    expect((await app.request('/metrics', { headers: { 'X-Forwarded-For': '127.0.0.1' } })).status).toBe(200);
  });
});

describe('GET /metrics: what it reports', () => {
  it('counts requests and their latency by route and status class', async () => {
    app = await startTestApp();
    await app.request('/healthz');
    await app.request('/healthz');
    await app.request('/api/trpc/site.config');
    await app.request('/api/trpc/site.config');
    await app.request('/about');
    await app.request('/about');
    await app.request('/this-page-does-not-exist');
    await app.request('/api/nothing-here');
    await app.request('/api/trpc/no.suchProcedure');
    const samples = parse(await scrape());

    expect(value(samples, 'schoolbox_http_requests_total', { route: '/healthz', status_class: '2xx' })).toBe(2);
    expect(value(samples, 'schoolbox_http_requests_total', { route: 'trpc:site.config', status_class: '2xx' })).toBe(2);
    expect(value(samples, 'schoolbox_http_requests_total', { route: 'page:/about', status_class: '2xx' })).toBe(2);
    expect(value(samples, 'schoolbox_http_requests_total', { route: 'not_found', status_class: '4xx' })).toBe(1);
    expect(value(samples, 'schoolbox_http_requests_total', { route: 'api_other', status_class: '4xx' })).toBe(1);
    expect(value(samples, 'schoolbox_http_requests_total', { route: 'trpc_unknown', status_class: '4xx' })).toBe(1);

    const histogram = 'schoolbox_http_request_duration_seconds';
    expect(value(samples, `${histogram}_count`, { route: '/healthz' })).toBe(2);
    expect(value(samples, `${histogram}_bucket`, { route: '/healthz', le: '+Inf' })).toBe(2);
    const buckets = samples.filter((s) => s.name === `${histogram}_bucket` && s.labels.route === 'trpc:site.config');
    expect(buckets.length).toBeGreaterThan(2);
    // Cumulative: never falling from one bucket to the next.
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]?.value).toBeGreaterThanOrEqual(buckets[i - 1]?.value ?? 0);
    expect(value(samples, `${histogram}_sum`, { route: 'trpc:site.config' })).toBeGreaterThan(0);

    // The second read came from the public read cache.
    expect(value(samples, 'schoolbox_cache_lookups_total', { cache: 'public_read', result: 'hit' })).toBe(1);
    expect(value(samples, 'schoolbox_cache_lookups_total', { cache: 'public_read', result: 'miss' })).toBe(1);
    expect(value(samples, 'schoolbox_cache_hit_ratio', { cache: 'public_read' })).toBe(0.5);
    // So did the second page, from the page cache.
    expect(value(samples, 'schoolbox_cache_lookups_total', { cache: 'page', result: 'hit' })).toBeGreaterThanOrEqual(1);
  });

  it('labels a page request with the id of the route it renders, however the address is spelled', async () => {
    app = await startTestApp();
    const admin = await createUser(app, { admin: true });
    const slugs: string[] = [];
    for (const title of ['Lernen unter der Sonne', 'Ein Brunnen für das Dorf']) {
      const post = await createPost(
        app.db,
        postValues({ title, content: 'Text.', published: true }),
        admin.user,
        app.clock.now(),
        CLI_ACTOR,
      );
      slugs.push(post.slug);
    }
    for (const path of [`/blog/${slugs[0]}`, `/blog/${slugs[1]}`, '/bl%6Fg', '/blog/', '/?lang=en']) {
      expect((await app.request(path)).status, path).toBe(200);
    }
    // A post that does not exist matches the post's route but renders the 404 page: not_found.
    expect((await app.request('/blog/nie-geschrieben')).status).toBe(404);
    const samples = parse(await scrape());

    // Both posts under their route's one label, never their own; the list (an index route) under its id.
    expect(value(samples, 'schoolbox_http_requests_total', { route: 'page:/blog/$slug', status_class: '2xx' })).toBe(2);
    expect(value(samples, 'schoolbox_http_requests_total', { route: 'page:/blog/', status_class: '2xx' })).toBe(2);
    expect(value(samples, 'schoolbox_http_requests_total', { route: 'page:/', status_class: '2xx' })).toBe(1);
    expect(value(samples, 'schoolbox_http_requests_total', { route: 'not_found', status_class: '4xx' })).toBe(1);
    expect(value(samples, 'schoolbox_http_request_duration_seconds_count', { route: 'page:/blog/$slug' })).toBe(2);
    expect([...routeLabels(samples)].filter((label) => label.startsWith('page')).sort()).toEqual([
      'page:/',
      'page:/blog/',
      'page:/blog/$slug',
    ]);
    expect(samples.some((s) => Object.values(s.labels).some((label) => slugs.some((slug) => label.includes(slug))))).toBe(false);
  });

  it('gives random addresses no labels of their own', async () => {
    app = await startTestApp();
    await app.request('/random-0');
    await app.request('/blog/random-0');
    await app.request('/api/random-0');
    await app.request('/api/trpc/random.0');
    const before = routeLabels(parse(await scrape()));
    for (let i = 1; i <= 25; i++) {
      await app.request(`/random-${i}/${Math.random().toString(36).slice(2)}`);
      // Matches the post's route, but no post has this address: the 404 page, not a page label.
      await app.request(`/blog/random-${i}`);
      await app.request(`/api/trpc/random.${i}`);
      await app.request(`/api/random-${i}`);
    }
    const after = parse(await scrape());
    // Only the scrape itself is new.
    expect([...routeLabels(after)].sort()).toEqual([...new Set([...before, '/metrics'])].sort());
    expect(value(after, 'schoolbox_http_requests_total', { route: 'not_found', status_class: '4xx' })).toBe(52);
    expect(value(after, 'schoolbox_http_requests_total', { route: 'trpc_unknown', status_class: '4xx' })).toBe(26);
    expect(after.some((s) => Object.values(s.labels).some((label) => label.includes('random')))).toBe(false);
  });

  it('reports the outbox: pending mails and the age of the oldest', async () => {
    app = await startTestApp();
    let samples = parse(await scrape());
    expect(value(samples, 'schoolbox_outbox_mails', { status: 'pending' })).toBe(0);
    expect(value(samples, 'schoolbox_outbox_oldest_pending_age_seconds')).toBe(0);

    await enqueueMail(app.db, 'contact_receipt', 'a@example.org', MAIL, app.clock.now());
    app.clock.advance(10 * 60_000);
    samples = parse(await scrape());
    expect(value(samples, 'schoolbox_outbox_mails', { status: 'pending' })).toBe(1);
    expect(value(samples, 'schoolbox_outbox_oldest_pending_age_seconds')).toBe(600);

    // Sent: the queue is empty again, and the mail worker's run is reported.
    await app.outbox.runOnce();
    samples = parse(await scrape());
    expect(value(samples, 'schoolbox_outbox_mails', { status: 'pending' })).toBe(0);
    expect(value(samples, 'schoolbox_worker_last_run_ok', { worker: 'mail' })).toBe(1);
    expect(value(samples, 'schoolbox_worker_last_run_timestamp_seconds', { worker: 'mail' })).toBeGreaterThan(0);
    expect(value(samples, 'schoolbox_worker_last_run_ok', { worker: 'orders' })).toBeUndefined();
  });

  it("reports the donation repair's runs beside the order worker's, once Stripe is set up", async () => {
    app = await startTestApp();
    await app.donations.runOnce();
    // Without Stripe the repair has nothing to ask and never runs.
    expect(value(parse(await scrape()), 'schoolbox_worker_last_run_ok', { worker: 'donation_repair' })).toBeUndefined();
    await app.close();

    app = await startTestApp({ STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET });
    expect(value(parse(await scrape()), 'schoolbox_worker_last_run_ok', { worker: 'donation_repair' })).toBeUndefined();
    await app.donations.runOnce();
    const samples = parse(await scrape());
    expect(value(samples, 'schoolbox_worker_last_run_ok', { worker: 'donation_repair' })).toBe(1);
    expect(value(samples, 'schoolbox_worker_last_run_timestamp_seconds', { worker: 'donation_repair' })).toBeGreaterThan(0);
  });

  it('reports the age of the last backup once there is one', async () => {
    app = await startTestApp();
    let samples = parse(await scrape());
    expect(value(samples, 'schoolbox_backup_age_seconds')).toBeUndefined();
    expect(value(samples, 'schoolbox_backup_failing')).toBe(0);

    await recordBackupSuccess(app.db, new Date(app.clock.now().getTime() - 3 * 3600_000));
    samples = parse(await scrape());
    expect(value(samples, 'schoolbox_backup_age_seconds')).toBe(3 * 3600);
    expect(value(samples, 'schoolbox_backup_last_success_timestamp_seconds')).toBe(app.clock.now().getTime() / 1000 - 3 * 3600);
  });

  it('gives the Stripe webhook a route of its own and counts the requests it refused, by reason', async () => {
    app = await startTestApp({ STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET });
    let samples = parse(await scrape());
    expect(value(samples, 'schoolbox_stripe_webhook_refused_total', { reason: 'signature' })).toBe(0);
    expect(value(samples, 'schoolbox_stripe_webhook_refused_total', { reason: 'other_mode' })).toBe(0);

    const event = (livemode: boolean) =>
      JSON.stringify({
        id: `evt_${livemode}`,
        object: 'event',
        type: 'invoice.paid',
        created: Math.floor(Date.now() / 1000),
        livemode,
        data: { object: {} },
      });
    const post = (body: string, secret: string) =>
      app.request('/api/stripe/webhook', {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': new Stripe(FAKE_STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({ payload: body, secret }),
        },
      });
    // As after a wrong STRIPE_WEBHOOK_SECRET: every delivery refused.
    expect((await post(event(false), 'whsec_another_secret')).status).toBe(400);
    expect((await post(event(false), 'whsec_another_secret')).status).toBe(400);
    // A live event to a test key: acknowledged, booked nowhere.
    expect((await post(event(true), FAKE_STRIPE_WEBHOOK_SECRET)).status).toBe(200);
    samples = parse(await scrape());
    expect(value(samples, 'schoolbox_http_requests_total', { route: '/api/stripe/webhook', status_class: '4xx' })).toBe(2);
    expect(value(samples, 'schoolbox_http_requests_total', { route: '/api/stripe/webhook', status_class: '2xx' })).toBe(1);
    expect(value(samples, 'schoolbox_http_requests_total', { route: 'api_other' })).toBeUndefined();
    expect(value(samples, 'schoolbox_stripe_webhook_refused_total', { reason: 'signature' })).toBe(2);
    expect(value(samples, 'schoolbox_stripe_webhook_refused_total', { reason: 'other_mode' })).toBe(1);
  });
});
