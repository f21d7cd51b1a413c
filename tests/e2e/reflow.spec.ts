import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateTOTP } from '@oslojs/otp';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { callMutation, uniqueEmail } from './support';

// Reflow (WCAG 1.4.10): at 320 CSS px (a narrow phone, or a desktop window zoomed to 400 %) no page may
// scroll sideways, in any language. The header keeps the donate button and the menu button inside the
// screen; a wide table scrolls in its own box, not the page; a long button label wraps inside its card.

const WIDTH = 320;

const LANGUAGES = [
  {
    lang: 'de',
    nav: 'Hauptnavigation',
    donate: 'Spenden',
    twoFactor: 'Zwei-Faktor-Anmeldung einrichten',
    renewCodes: 'Neue Wiederherstellungscodes erzeugen',
    subscribers: 'Abonnenten',
  },
  {
    lang: 'en',
    nav: 'Main navigation',
    donate: 'Donate',
    twoFactor: 'Set up two-factor sign-in',
    renewCodes: 'Generate new recovery codes',
    subscribers: 'Subscribers',
  },
  {
    lang: 'fr',
    nav: 'Navigation principale',
    donate: 'Faire un don',
    twoFactor: 'Configurer la connexion à deux facteurs',
    renewCodes: 'Générer de nouveaux codes de récupération',
    subscribers: 'Abonnés',
  },
] as const;

type Language = (typeof LANGUAGES)[number];

const PUBLIC_PAGES = ['/', '/blog', '/contact', '/spenden'];

/** The page's width: the document's scroll width, once the site's own font has arrived. */
async function pageWidth(page: Page): Promise<number> {
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function expectNoSidewaysScroll(page: Page, path: string) {
  expect.soft(await pageWidth(page), `the width of ${path}`).toBeLessThanOrEqual(WIDTH);
}

/** The header's donate button and menu button stand wholly inside the screen, and the word mark shows whole. */
async function expectHeaderInside(page: Page, language: Language, path: string) {
  const nav = page.getByRole('navigation', { name: language.nav });
  // The word mark may give way (end in "…") only for a label longer than the site has today.
  const brand = nav.getByRole('link').first();
  await expect(brand.locator('svg')).toBeVisible();
  const wordCut = await brand.evaluate((link) => [...link.querySelectorAll('span')].some((span) => span.scrollWidth > span.clientWidth));
  expect.soft(wordCut, `the word mark cut short on ${path}`).toBe(false);
  const donate = nav.getByRole('link', { name: language.donate, exact: true });
  await expect(donate).toBeVisible();
  const menu = nav.locator('summary').filter({ visible: true }).last();
  await expect(menu).toBeVisible();
  for (const [name, control] of [
    ['donate button', donate],
    ['menu button', menu],
  ] as const) {
    const box = (await control.boundingBox())!;
    expect.soft(box.x, `left edge of the ${name} on ${path}`).toBeGreaterThanOrEqual(0);
    expect.soft(box.x + box.width, `right edge of the ${name} on ${path}`).toBeLessThanOrEqual(WIDTH);
  }
}

/** Every button label in the main content shows whole: none runs past its button or the screen. */
async function expectButtonsUnclipped(page: Page, path: string) {
  const clipped = await page.getByRole('main').evaluate(
    (main, width) =>
      [...main.querySelectorAll('button')]
        .filter((button) => button.getClientRects().length > 0)
        .filter((button) => {
          const rect = button.getBoundingClientRect();
          const label = button.querySelector<HTMLElement>('.mantine-Button-label');
          const labelClipped = label !== null && label.scrollWidth > label.clientWidth + 1;
          return rect.left < 0 || rect.right > width || labelClipped;
        })
        .map((button) => button.textContent?.trim() || button.getAttribute('aria-label') || '?'),
    WIDTH,
  );
  expect.soft(clipped, `buttons cut off on ${path}`).toEqual([]);
}

test.describe('pages reflow at 320 px without sideways scrolling', () => {
  test.use({ viewport: { width: WIDTH, height: 640 } });

  for (const language of LANGUAGES) {
    test(`public pages, ${language.lang}`, async ({ page }) => {
      for (const path of PUBLIC_PAGES) {
        await page.goto(`${path}?lang=${language.lang}`);
        await expectNoSidewaysScroll(page, path);
        await expectHeaderInside(page, language, path);
      }
    });

    test(`the account page, ${language.lang}`, async ({ page, signedInAs }) => {
      const account = await signedInAs('member');
      await page.goto(`/account?lang=${language.lang}`);
      await expect(page.getByRole('button', { name: language.twoFactor })).toBeVisible();
      await expectNoSidewaysScroll(page, '/account');
      await expectHeaderInside(page, language, '/account');
      await expectButtonsUnclipped(page, '/account');

      // With two-factor sign-in on (turned on over the API, as an authenticator app would), the section's
      // other long buttons: renewing the recovery codes and turning it off.
      const { secret } = await callMutation<{ secret: string }>(page, 'account.twoFactor.startSetup', {});
      const code = generateTOTP(decodeBase32IgnorePadding(secret.replaceAll(' ', '')), 30, 6);
      await callMutation(page, 'account.twoFactor.confirmSetup', { code, currentPassword: account.password });
      await page.reload();
      await expect(page.getByRole('button', { name: language.renewCodes })).toBeVisible();
      await expectNoSidewaysScroll(page, '/account (two-factor on)');
      await expectButtonsUnclipped(page, '/account (two-factor on)');
    });

    test(`the subscriber list, ${language.lang}`, async ({ page, signedInAs, baseURL }) => {
      await signedInAs('admin');
      // At least one row, so the table (and its hidden "actions" heading) is there.
      const site = new URL(baseURL as string).origin;
      await callMutation(page, 'newsletter.subscribe', { email: uniqueEmail('reflow'), locale: language.lang }, site, {
        'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 256)}`,
      });
      await page.goto(`/newsletter-admin/subscribers?lang=${language.lang}`);
      await expect(page.getByRole('heading', { level: 1, name: language.subscribers })).toBeVisible();
      const table = page.getByRole('table', { name: language.subscribers });
      await expect(table.getByRole('row').nth(1)).toBeVisible();
      await expectNoSidewaysScroll(page, '/newsletter-admin/subscribers');
      await expectHeaderInside(page, language, '/newsletter-admin/subscribers');
      // The table itself is wider than the screen and scrolls inside its own box.
      const scroller = await table.evaluate((element) => {
        let box = element.parentElement;
        while (box && getComputedStyle(box).overflowX !== 'auto' && getComputedStyle(box).overflowX !== 'scroll') box = box.parentElement;
        return box ? { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth } : null;
      });
      expect(scroller, 'the scroll box around the table').not.toBeNull();
      expect(scroller!.clientWidth).toBeLessThanOrEqual(WIDTH);
      expect(scroller!.scrollWidth).toBeGreaterThan(scroller!.clientWidth);
    });
  }
});

test.describe('a post title of long German compounds reflows at 320 px', () => {
  test.use({ viewport: { width: WIDTH, height: 640 } });

  test('on the article page, its card in the list and the dialog', async ({ page, baseURL, signedInAs }) => {
    // Words wider than a phone's screen (at h1 size "Bildungsgerechtigkeitsinitiative" alone is ~545 px).
    const stamp = Date.now();
    const title = `Bildungsgerechtigkeitsinitiative: Solarstromversorgungsanlagen ${stamp}`;
    await signedInAs('admin');
    const { slug } = await callMutation<{ slug: string }>(
      page,
      'blog.create',
      { category: 'Bildung', published: true, translations: { de: { title, content: 'Kurzer Text.' } } },
      new URL(baseURL as string).origin,
    );
    await page.context().clearCookies();

    /** The title's box ends inside the page's width, and the page does not scroll sideways. */
    const expectTitleInside = async (heading: ReturnType<Page['getByRole']>, where: string) => {
      await expect(heading).toBeVisible();
      const overflow = await heading.evaluate((element) => ({
        right: element.getBoundingClientRect().right,
        scroll: element.scrollWidth - element.clientWidth,
      }));
      expect.soft(overflow.right, `the right edge of the title on ${where}`).toBeLessThanOrEqual(WIDTH);
      expect.soft(overflow.scroll, `the title's own overflow on ${where}`).toBeLessThanOrEqual(0);
      await expectNoSidewaysScroll(page, where);
    };

    await page.goto(`/blog/${slug}`);
    const h1 = page.getByRole('heading', { level: 1, name: title });
    await expectTitleInside(h1, `/blog/${slug}`);
    // Hyphenated in the article's language where the browser can (it carries lang="de").
    expect(await h1.evaluate((element) => getComputedStyle(element).hyphens)).toBe('auto');
    await expect(page.getByTestId('article')).toHaveAttribute('lang', 'de');

    await page.goto('/blog?category=Bildung');
    const card = page.getByTestId('post-card').filter({ hasText: title });
    await expectTitleInside(card.getByRole('heading', { name: title }), '/blog (its card)');

    await card.getByRole('link', { name: title }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expectTitleInside(dialog.getByRole('heading', { name: title }), `/blog/${slug} (dialog)`);
  });
});
