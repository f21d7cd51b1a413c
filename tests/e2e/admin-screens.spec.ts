/**
 * The admin screens an operator works from (issue 21 point 4), in the browser: one navigation on every
 * admin page with the page's own link marked current (it wraps on a phone: every link stays visible),
 * a contact message read, answered by mail and marked answered on /messages-admin, and axe on
 * /messages-admin and /orders-admin. What the lists hold and filter is tested on the server
 * (tests/server/messages-admin.test.ts, orders-admin.test.ts).
 */
import { CONTACT_MIN_FILL_MS } from '../../src-shared/constants';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { callMutation, uniqueEmail } from './support';

/** The link of the navigation that each admin page marks as current (one page per link, and a page below one). */
const PAGES: Array<{ path: string; current: string }> = [
  { path: '/blog-admin', current: '/blog-admin' },
  { path: '/newsletter-admin', current: '/newsletter-admin' },
  { path: '/newsletter-admin/subscribers', current: '/newsletter-admin' },
  { path: '/orders-admin', current: '/orders-admin' },
  { path: '/shop-admin', current: '/shop-admin' },
  { path: '/donations-admin', current: '/donations-admin' },
  { path: '/messages-admin', current: '/messages-admin' },
  { path: '/audit-admin', current: '/audit-admin' },
];

const LINKS = new Set(PAGES.map((entry) => entry.current)).size;

test('every admin page carries the admin navigation with its own link current', async ({ page, signedInAs }) => {
  await signedInAs('admin');
  for (const { path, current } of PAGES) {
    await page.goto(path);
    const nav = page.getByRole('navigation', { name: 'Verwaltung' });
    await expect(nav.getByRole('link'), path).toHaveCount(LINKS);
    for (const link of await nav.getByRole('link').all()) await expect(link, path).toBeInViewport();
    await expect(nav.locator('a[aria-current="page"]'), path).toHaveAttribute('href', current);
  }
});

test('a contact message is answered from /messages-admin; axe finds nothing serious there or on /orders-admin @desktop-only', async ({
  page,
  signedInAs,
  baseURL,
}) => {
  const site = new URL(baseURL as string).origin;
  const subject = `Frage zur SchoolBox ${Date.now()}`;
  const email = uniqueEmail('sender');
  // Sent as the form sends it: with the form's signed time, after the time a person needs at least
  // (sooner, the server drops it as a bot's), from an address of its own (the limit per IP).
  const tokenAnswer = await page.request.get(`${site}/api/trpc/contact.formToken`);
  const { token } = ((await tokenAnswer.json()) as { result: { data: { token: string } } }).result.data;
  await new Promise((resolve) => setTimeout(resolve, CONTACT_MIN_FILL_MS + 200));
  await page.goto('/');
  await callMutation(
    page,
    'contact.send',
    {
      name: 'Sam Sender',
      email,
      subject,
      message: 'Wie kann unsere Schule mitmachen?',
      inquiryType: 'community',
      locale: 'de',
      formToken: token,
    },
    site,
    { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 256)}` },
  );

  await signedInAs('admin');
  await page.goto('/messages-admin?state=unanswered');
  const card = page.getByRole('article', { name: subject });
  await expect(card).toContainText('Gemeinde oder Gemeinschaft');
  await expect(card).toContainText('Wie kann unsere Schule mitmachen?');
  await expect(card.getByRole('link', { name: 'Per E-Mail antworten' })).toHaveAttribute(
    'href',
    `mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );
  await expectNoSeriousA11yViolations(page);

  await card.getByRole('button', { name: 'Als beantwortet markieren' }).click();
  // Marked answered, it leaves the list of waiting messages and shows under the answered ones.
  await expect(card).toHaveCount(0);
  await page.getByLabel('Anzeigen').selectOption('answered');
  await expect(page.getByRole('article', { name: subject })).toContainText('Beantwortet am');

  await page.goto('/orders-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Bestellungen' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
