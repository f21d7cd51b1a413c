import { teamYearAt } from '@shared/team-wall-time';
import { expect, expectLandmarksInOrder, expectNoSeriousA11yViolations, test } from './fixtures';

const MAIN = ['Projekt', "So funktioniert's", 'Blog', 'Über uns'];
const MORE = ['Warum SchoolBox funktioniert', 'Fakten & Zahlen', 'Partnerschaft', 'Unterstützen', 'Kontakt', 'Shop'];

test.describe('shared chrome', () => {
  test('language bar and mission statement sit above the navigation', async ({ page }) => {
    await page.goto('/');
    const mission = page.getByText('Bildung für jedes Kind', { exact: false });
    await expect(mission).toBeVisible();
    const switcher = page.getByRole('group', { name: 'Sprache wählen' });
    // Links to this page in each language (they work without scripts, see no-script-nav.spec.ts).
    await expect(switcher.getByRole('link')).toHaveText(['Deutsch', 'English', 'Français']);
    await expect(switcher.getByRole('link', { name: 'Français' })).toHaveAttribute('href', '/?lang=fr');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const missionBox = (await mission.boundingBox())!;
    const navBox = (await nav.boundingBox())!;
    expect(missionBox.y).toBeLessThan(navBox.y);
  });

  test('desktop navigation: main links, the More menu, the cart and the donate button @desktop-only', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    for (const label of MAIN) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();

    // "Mehr" is a disclosure (<details>): its summary shows a list of links (Escape closes it, focus returns).
    const details = nav.locator('details').filter({ has: page.locator('summary', { hasText: 'Mehr' }) });
    const more = details.locator('summary');
    await expect(details).not.toHaveAttribute('open');
    await more.click();
    await expect(details).toHaveAttribute('open', '');
    const list = details.getByRole('list');
    await expect(list.getByRole('link')).toHaveText(MORE);
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(more).toBeFocused();
    await more.click();
    await list.getByRole('link', { name: 'Fakten & Zahlen' }).click();
    await expect(page).toHaveURL(/\/facts-and-figures$/);
    await expect(list).toBeHidden();

    // The cart is empty: no badge, and the button opens the empty cart sheet.
    const cartButton = page.getByTestId('cart-button');
    await expect(cartButton).toHaveAccessibleName('Warenkorb öffnen');
    await expect(page.locator('.mantine-Indicator-indicator')).toHaveCount(0);
    await cartButton.click();
    const drawer = page.getByRole('dialog', { name: 'Warenkorb' });
    await expect(drawer.getByText('Dein Warenkorb ist leer')).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Zum Shop' })).toHaveAttribute('href', '/shop');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    const donate = nav.getByRole('link', { name: 'Spenden' });
    await expect(donate).toHaveAttribute('href', '/spenden');
  });

  test('phone navigation: the menu lists every link, is at most 20rem high and closes on a link @phone-only', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link', { name: 'Projekt', exact: true })).toBeHidden();
    // The donate button stands in the bar itself, not in the menu.
    await expect(nav.getByRole('link', { name: 'Spenden' })).toBeVisible();
    await nav.locator('summary[aria-label="Menü"]').click();
    const menu = page.getByTestId('mobile-menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([...MAIN, ...MORE]);
    expect(await menu.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('320px');
    expect((await menu.boundingBox())!.height).toBeLessThanOrEqual(320);

    await menu.getByRole('link', { name: 'Über uns' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
  });

  test('footer: quick links, contact details from the configuration, copyright and Blog-Login', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const quickLinks = footer.getByRole('navigation', { name: 'Schnellzugriff' });
    await expect(quickLinks.getByRole('link', { name: 'Startseite' })).toHaveAttribute('href', '/');
    await expect(quickLinks.getByRole('link', { name: 'Kontakt' })).toHaveAttribute('href', '/contact');
    const contact = footer.getByTestId('footer-contact');
    await expect(contact.getByRole('link', { name: 'hallo@schoolbox.test' })).toHaveAttribute('href', 'mailto:hallo@schoolbox.test');
    await expect(contact.getByRole('link', { name: '+49 221 987654' })).toHaveAttribute('href', 'tel:+49221987654');
    await expect(contact).toContainText('Teststraße 5, 50667 Köln');
    // The association's name is the configured one (ORG_NAME of the e2e server), as in the Impressum.
    await expect(footer.getByTestId('footer-copyright')).toHaveText(
      `© ${teamYearAt(new Date().toISOString())} SchoolBox Testverein e. V. – Alle Rechte vorbehalten.`,
    );
    await expect(footer.getByRole('link', { name: 'Blog-Login' })).toHaveAttribute('href', '/auth');
  });

  test("a browser whose clock is already in the next year hydrates the server's year without a mismatch", async ({ page }) => {
    // The server renders this year; the browser's clock reads a day of next year (timers keep running).
    // Rendered from each side's clock, the © line differed at hydration (the consoleErrors fixture fails
    // on React's hydration error). Now both read the time of the page's data.
    const serverYear = teamYearAt(new Date().toISOString());
    await page.clock.setFixedTime(new Date(`${serverYear + 1}-06-02T12:00:00+02:00`));
    await page.goto('/');
    await expect(page.getByRole('contentinfo').getByTestId('footer-copyright')).toContainText(`© ${serverYear} `);
    expect(await page.evaluate(() => new Date().getFullYear())).toBe(serverYear + 1);
  });

  test('WhatsApp widget: expands with an online status and opens wa.me in a new tab', async ({ page }) => {
    await page.goto('/');
    // On a phone the button appears once the visitor scrolls (at the top it would cover the hero's buttons).
    if ((page.viewportSize()?.width ?? 1280) < 768) {
      await expect(page.getByTestId('whatsapp-widget')).toBeHidden();
      await page.evaluate(() => window.scrollTo(0, 600));
    }
    // A disclosure (<details>): the round button is its summary.
    const widget = page.getByTestId('whatsapp-widget');
    await expect(widget.locator('details')).not.toHaveAttribute('open');
    await widget.locator('summary[aria-label="WhatsApp-Chat"]').click();
    const panel = page.getByRole('dialog', { name: 'SchoolBox-Team' });
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('whatsapp-status')).toHaveText('Online');
    const chat = panel.getByRole('link', { name: 'Chat starten' });
    await expect(chat).toHaveAttribute('target', '_blank');
    await expect(chat).toHaveAttribute('rel', /noopener/);
    const href = (await chat.getAttribute('href'))!;
    expect(href).toMatch(/^https:\/\/wa\.me\/491701112223\?text=/);
    expect(href).not.toContain(' ');
    expect(new URL(href).searchParams.get('text')).toBe(
      'Hallo SchoolBox-Team, ich interessiere mich für euer Projekt und habe eine Frage.',
    );

    await panel.getByRole('button', { name: 'Chat schließen' }).click();
    await expect(panel).toBeHidden();
    await expect(widget.locator('summary')).toBeFocused();
  });

  test('the scroll progress bar fills as the page scrolls', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    const bar = page.getByTestId('scroll-progress');
    expect(await bar.evaluate((el) => el.getBoundingClientRect().width)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => bar.evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(page.viewportSize()!.width * 0.95);
  });

  test('every route change scrolls to the top', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toBeVisible(); // the app has rendered: the page is long now
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Projekt' }).click();
    await expect(page).toHaveURL(/\/project$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('with the cart sheet, a post or the chat open, everything stays inside landmarks and axe finds nothing serious', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByTestId('cart-button').click();
    await expect(page.getByRole('dialog', { name: 'Warenkorb' })).toBeVisible();
    await expectLandmarksInOrder(page);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    await page.goto('/blog');
    await page.getByTestId('featured-post').getByRole('link').click();
    await expect(page.getByTestId('post-dialog')).toBeVisible();
    await expectLandmarksInOrder(page);
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByTestId('whatsapp-widget').locator('summary').click();
    await expect(page.getByRole('dialog', { name: 'SchoolBox-Team' })).toBeVisible();
    await expectLandmarksInOrder(page);
    await expectNoSeriousA11yViolations(page);
  });

  test('a visitor who asks for reduced motion gets a dialog at rest the moment it shows', async ({ page }) => {
    // Every browser test asks for reduced motion (playwright.config.ts); the theme honours it.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-respect-reduced-motion', 'true');
    // The sheet's first opening renders it open (it loads then), so only the second one would slide.
    const cartButton = page.getByTestId('cart-button');
    const drawer = page.getByRole('dialog', { name: 'Warenkorb' });
    await cartButton.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await cartButton.click();
    await expect(drawer).toBeVisible();
    // No fade or slide is under way in time, and the sheet is opaque. Aside: a skeleton's endless shimmer,
    // the phone's scroll-linked chat button, and what lasts a millisecond or less: the reduced-motion rule
    // shortens every animation to 0.01 ms (global.css), so the feature cards' reveal, which waits out its
    // first second, is one of those while this test may run within that second.
    const runningTransitions = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => {
          const timing = animation.effect?.getComputedTiming();
          return (
            animation.playState === 'running' &&
            animation.timeline === document.timeline &&
            timing?.endTime !== Infinity &&
            Number(timing?.activeDuration ?? 0) > 1
          );
        })
        .map((animation) => `${animation.effect instanceof KeyframeEffect ? animation.effect.target?.className : ''}`),
    );
    expect(runningTransitions).toEqual([]);
    expect(await drawer.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
  });
});
