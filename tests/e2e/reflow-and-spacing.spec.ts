import type { Locator, Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

// Accessibility beyond the axe scan, in a real browser: content that reflows at 320 px without being
// cut off (WCAG 1.4.10), survives wider text spacing (1.4.12) and 200 % text (1.4.4); focus, the
// chosen tab, switches, dialogs and toasts that stay visible in forced colours (Windows contrast
// themes); no transitions left under reduced motion (2.3.3); a failed admin list said once.
// reflow.spec.ts checks sideways scrolling and the header at 320 px in three languages; this file
// looks for what the content shell's sideways clip and the cards' overflow hide.

/** The text spacing WCAG 1.4.12 asks a page to take, as a bookmarklet would inject it. */
const TEXT_SPACING = `*, *::before, *::after {
  line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important;
}
p { margin-bottom: 2em !important; }`;

/** 200 % text, as a user style or extension enlarging the root font size does it. */
const TEXT_200 = 'html { font-size: 32px !important; }';

/**
 * Elements in the main content whose text is cut off: wider (or taller) than their box on an axis the
 * box hides. A teaser shortened on purpose (line-clamp: its whole text is one click away) is left out.
 */
async function clippedInMain(page: Page): Promise<string[]> {
  await page.evaluate(() => document.fonts.ready);
  return page.getByRole('main').evaluate((main) => {
    const hides = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
    const found: string[] = [];
    for (const element of [main, ...main.querySelectorAll<HTMLElement>('*')]) {
      if (element.getClientRects().length === 0 || !element.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      if (style.webkitLineClamp !== 'none') continue;
      const box = element.getBoundingClientRect();
      // Text for screen readers only (Mantine's visually hidden, 1 px).
      if (box.width <= 2 || box.height <= 2) continue;
      const cutSideways = hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1;
      const cutBelow = hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1;
      if (cutSideways || cutBelow)
        found.push(
          `${element.tagName.toLowerCase()} "${element.textContent.trim().replace(/\s+/g, ' ').slice(0, 40)}" ` +
            `(${element.scrollWidth}×${element.scrollHeight} in ${element.clientWidth}×${element.clientHeight})`,
        );
    }
    return found;
  });
}

async function expectNothingCutOff(page: Page, path: string) {
  expect.soft(await clippedInMain(page), `text cut off on ${path}`).toEqual([]);
  const width = await page.evaluate(() => ({
    scroll: document.scrollingElement!.scrollWidth,
    client: document.scrollingElement!.clientWidth,
  }));
  expect.soft(width.scroll, `sideways scrolling on ${path}`).toBeLessThanOrEqual(width.client);
}

test.describe('reflow at 320 px @desktop-only', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('long German words break inside their box instead of being clipped by the page', async ({ page }) => {
    // "Datenschutzerklärung" and "Widerrufsbelehrung" as headings, "Unterrichtsschichten" and
    // "Energieunabhängigkeit" as figure labels: each wider than its box at this width.
    for (const path of ['/datenschutz', '/widerruf', '/project', '/facts-and-figures']) {
      await page.goto(path);
      await expectNothingCutOff(page, path);
    }
  });
});

test.describe('text spacing and 200 % text @desktop-only', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('with the text spacing of WCAG 1.4.12 no text is cut off', async ({ page }) => {
    for (const path of ['/about', '/support', '/contact']) {
      await page.goto(path);
      await page.addStyleTag({ content: TEXT_SPACING });
      await expectNothingCutOff(page, path);
    }
  });

  test('at 200 % text, words, buttons, badges and prices stay whole, and the menu inside the screen', async ({ page }) => {
    for (const path of ['/', '/about', '/support', '/shop', '/contact', '/how-it-works', '/partnership']) {
      await page.goto(path);
      await page.addStyleTag({ content: TEXT_200 });
      await expectNothingCutOff(page, path);
    }

    // The bar wraps at this size, "Mehr" starting its second row: its list opens inside the screen.
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByText('Mehr', { exact: true }).click();
    const list = page.getByRole('link', { name: 'Kontakt', exact: true }).first().locator('xpath=ancestor::ul[1]');
    await expect(list).toBeVisible();
    const box = (await list.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  });
});

/** Whether the focused element shows a ring the system keeps in forced colours: an outline on it or on what draws it. */
async function focusRingShows(page: Page): Promise<{ name: string; ring: boolean }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const outlined = (target: Element, pseudo?: string) => {
      const style = getComputedStyle(target, pseudo);
      return style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) >= 1;
    };
    // A switch's or a segmented control's input is hidden; the track beside it carries the ring.
    const drawnBy = [element, element.nextElementSibling].filter((target): target is Element => target !== null);
    const ring = drawnBy.some((target) => outlined(target) || outlined(target, '::after') || outlined(target, '::before'));
    const name = `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30) || element.getAttribute('name')}"`;
    return { name, ring };
  });
}

/** Tabs through the page from its start until focus comes back round (or `limit` stops), collecting stops without a ring. */
async function stopsWithoutRing(page: Page, limit = 80): Promise<string[]> {
  const missing = new Set<string>();
  let first: string | null = null;
  for (let step = 0; step < limit; step++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement === document.body)) continue;
    const stop = await focusRingShows(page);
    if (stop.name === first) break;
    first ??= stop.name;
    // A field's own focus handlers may restyle it a moment later: its ring is given that moment.
    const ring =
      stop.ring ||
      (await expect
        .poll(async () => (await focusRingShows(page)).ring, { timeout: 2_000 })
        .toBe(true)
        .then(
          () => true,
          () => false,
        ));
    if (!ring) missing.add(stop.name);
  }
  return [...missing];
}

test.describe('forced colours @desktop-only', () => {
  // The refused sign-in comes from an address of its own (the e2e server trusts X-Forwarded-For): the
  // sign-in limit per IP is left to the sign-in form's tests.
  test.use({
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 256)}` },
  });

  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
  });

  test('every stop of the keyboard shows its focus, the chosen tab is marked, a toast has its frame and its bar', async ({ page }) => {
    for (const path of ['/auth', '/contact']) {
      await page.goto(path);
      expect.soft(await stopsWithoutRing(page), `focus not shown on ${path}`).toEqual([]);
    }

    // The chosen tab ("Anmelden") differs from the other by more than a colour the system replaces.
    await page.goto('/auth');
    const marking = (tab: Locator) => tab.evaluate((element) => getComputedStyle(element).textDecorationLine);
    await expect.poll(() => marking(page.getByRole('tab', { name: 'Anmelden' }))).toContain('underline');
    expect(await marking(page.getByRole('tab', { name: 'Registrieren' }))).not.toContain('underline');

    // A toast (a refused sign-in) has a frame: its shadow is gone in forced colours.
    const form = page.getByRole('form', { name: 'Anmelden' });
    await form.getByLabel('E-Mail').fill('nobody-here@example.org');
    await form.getByLabel(/^Passwort( \*)?$/).fill('not the password');
    await form.getByRole('button', { name: 'Anmelden' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Ungültige E-Mail-Adresse oder Passwort.' });
    await expect(toast).toBeVisible();
    expect(await toast.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe('solid');
    // Its bar at the leading edge stays drawn, in a colour other than the toast's own.
    const colours = await toast.evaluate((element) => ({
      toast: getComputedStyle(element).backgroundColor,
      bar: getComputedStyle(element, '::before').backgroundColor,
    }));
    expect(colours.bar).not.toBe(colours.toast);
  });

  test('the post form: its switches are drawn, on and off tell apart, the dialog has a frame', async ({ page, signedInAs }) => {
    await signedInAs('admin');
    await page.goto('/blog-admin');
    await page.getByRole('button', { name: 'Neuer Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Post' });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe('solid');

    const published = dialog.getByRole('switch', { name: 'Veröffentlicht' });
    const featured = dialog.getByRole('switch', { name: 'Als Feature markieren' });
    await published.check();
    const track = (input: Locator) =>
      input.evaluate((element) => {
        const style = getComputedStyle(element.nextElementSibling!);
        return { border: style.borderTopStyle, fill: style.backgroundColor };
      });
    const on = await track(published);
    const off = await track(featured);
    expect(on.border).toBe('solid');
    expect(off.border).toBe('solid');
    expect(on.fill).not.toBe(off.fill);
  });
});

test.describe('reduced motion @desktop-only', () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

  test('no transition or animation is left, but for a loader', async ({ page }) => {
    for (const path of ['/contact', '/blog']) {
      await page.goto(path);
      const moving = await page.evaluate(() => {
        const seconds = (value: string) =>
          Math.max(...value.split(',').map((part) => Number.parseFloat(part) * (part.trim().endsWith('ms') ? 0.001 : 1)));
        const found: string[] = [];
        for (const element of document.querySelectorAll<Element>('body *')) {
          if (element.closest('.mantine-Loader-root')) continue;
          for (const pseudo of [undefined, '::before', '::after']) {
            const style = getComputedStyle(element, pseudo);
            const transition = style.transitionProperty !== 'none' && seconds(style.transitionDuration) > 0.001;
            const animation = style.animationName !== 'none' && seconds(style.animationDuration) > 0.001;
            if (transition || animation)
              found.push(`${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}${pseudo ?? ''}`);
          }
        }
        return [...new Set(found)];
      });
      expect.soft(moving, `moving on ${path}`).toEqual([]);
    }
  });
});

test.describe('the blog admin when its list fails to load @desktop-only', () => {
  /** The API's answer to a call that failed on the server (no error code of ours). */
  const SERVER_ERROR = {
    error: { message: 'Internal server error', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, appCode: null } },
  };

  test('says so once, in the block where the list would be, and no toast besides', async ({ page, signedInAs, consoleErrors }) => {
    await signedInAs('admin');
    // The server renders the list: the browser asks for it itself on a navigation in the app.
    await page.goto('/account');
    await page.route('**/api/trpc/**', async (route: Route) => {
      const calls = decodeURIComponent(new URL(route.request().url()).pathname.replace(/^\/api\/trpc\//, '')).split(',');
      if (!calls.includes('blog.listAll')) return route.fallback();
      const real = calls.length > 1 ? ((await (await route.fetch()).json()) as unknown[]) : [];
      return route.fulfill({
        status: calls.length > 1 ? 207 : 500,
        contentType: 'application/json',
        body: JSON.stringify(calls.map((call, index) => (call === 'blog.listAll' ? SERVER_ERROR : real[index]))),
      });
    });
    // Every toast the page shows from here on is noted, also one that has closed again before the end.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('.mantine-Notification-root')) {
          const text = toast.textContent ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('link', { name: 'Blog Admin' }).first().click();
    await expect(page).toHaveURL(/\/blog-admin$/);

    // The browser asks a few times (with a growing wait) before it gives up: a generous wait.
    const alert = page.getByRole('alert', { name: 'Fehler beim Laden' });
    await expect(alert).toContainText('Blog-Posts konnten nicht geladen werden.', { timeout: 30_000 });
    await expect(alert.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    // A toast would be asked for in the same render as the block and shows once its script has loaded
    // (half a second here). Nothing to wait for when there is none: the page is given a few seconds.
    await page.waitForTimeout(3_000);
    expect(await page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen)).toEqual([]);
    await expect(page.getByText('Fehler beim Laden')).toHaveCount(1);

    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((message) => !message.includes('status of 500')));
  });
});
