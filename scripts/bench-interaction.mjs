// The interaction benchmark of `npm run bench` (issue 19): on a mid-range phone profile (4× CPU, 1.6 Mbit/s
// down, 750 kbit/s up, 150 ms RTT, by CDP), how soon after navigation start does the content show, and
// how soon does a click have an effect? For each scenario (a page, a viewport and the control a visitor
// reaches for) two kinds of page loads, each in a fresh browser context (cold cache, a first visit):
// - a view run, untouched: FCP and LCP from PerformanceObserver (LCP stops at the first input, so it
//   cannot come from the run that clicks);
// - a click run: from the first paint on, a tap on the control about every 50 ms until one has an effect
//   (disclosure open, aria-expanded, menu links on screen, tab selected, field errors or the browser's
//   own validation, the address changed, a navigation such as a plain POST). The tap's time counts, not
//   the effect's: a tap queued behind a long task still "worked", its delay is shown beside it. The gap
//   is the tap's time minus the first paint of the same load (target ≤ 0.2 s). The view run also gives
//   the control's place, so the click run taps without asking the page (busy at that moment) first.
// Taps (a touch screen) rather than mouse clicks: a mouse moves over the control first, and hover
// opening "Mehr" would be counted as the click's effect. Medians of BENCH_INTERACTION_RUNS (default 3);
// a scenario that fails reports "n/a" and why, the others go on.
import { chromium } from 'playwright-core';

const RUNS = Number(process.env.BENCH_INTERACTION_RUNS ?? 3);
const TAP_EVERY_MS = 50;
const GIVE_UP_MS = 30_000;
export const INTERACTION_TARGET_GAP_MS = 200;
export const PHONE_PROFILE = {
  cpuSlowdown: 4,
  downKbit: 1600,
  upKbit: 750,
  rttMs: 150,
};
const VIEWPORTS = {
  phone: { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 },
  desktop: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: true, deviceScaleFactor: 1 },
};
const MORE_PATHS = ['/why-schoolbox-works', '/facts-and-figures', '/partnership', '/support', '/contact', '/shop'];
const MENU_PATHS = ['/project', '/how-it-works', '/blog', '/about', ...MORE_PATHS];

/** The scenarios of the issue: "Mehr" and the phone menu on / and /blog, a form button on /contact and /auth. */
export const INTERACTION_SCENARIOS = [
  { path: '/', viewport: 'desktop', control: 'more', label: '"Mehr"' },
  { path: '/', viewport: 'phone', control: 'menu', label: 'phone menu' },
  { path: '/blog', viewport: 'desktop', control: 'more', label: '"Mehr"' },
  { path: '/blog', viewport: 'phone', control: 'menu', label: 'phone menu' },
  { path: '/contact', viewport: 'phone', control: 'contact-submit', label: 'send (empty form)' },
  { path: '/auth', viewport: 'phone', control: 'sign-up-tab', label: '"Registrieren" tab' },
];

/**
 * Runs in the page before any of its scripts (addInitScript): records FCP and LCP and, for a click run,
 * finds the control and watches for the click's effect. Knows nothing of React or Mantine, only the
 * DOM a visitor sees, so it measures plain HTML controls and enhanced ones alike.
 */
function pageProbe({ control, morePaths, menuPaths }) {
  const bench = { fcp: null, lcp: null };
  window.__bench = bench;
  // To the bench (page.exposeBinding): it hears of the first paint, each click and the effect at once,
  // even from a page that is about to be left.
  const report = (message) => window.__benchReport?.(message);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') {
        bench.fcp = entry.startTime;
        report({ type: 'fcp', at: entry.startTime });
      }
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    bench.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  if (!control) return;

  let invalidEvent = false;
  window.addEventListener('invalid', () => (invalidEvent = true), true);
  const text = (element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  const shown = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ checkOpacity: true, visibilityProperty: true });
  };
  /** On screen for real: the element (or a child) is what a tap at its centre would hit. */
  const onScreen = (element) => {
    if (!shown(element)) return false;
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + Math.min(box.height / 2, 10);
    if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return !!hit && (element === hit || element.contains(hit));
  };
  const clickable = 'summary, button, [role="button"], [role="tab"], a, input[type="submit"]';
  const find = () => {
    const all = (root, selector) => [...(root ?? document).querySelectorAll(selector)].filter(shown);
    // The site's chrome: the header and the top navigation, whatever their markup; not the page or the footer.
    const chrome = () => all(document, clickable).filter((element) => !element.closest('main, footer'));
    if (control === 'more') return chrome().find((element) => text(element) === 'Mehr');
    if (control === 'menu') return chrome().find((element) => /menü/i.test(`${element.getAttribute('aria-label') ?? ''} ${text(element)}`));
    if (control === 'sign-up-tab')
      return all(document.querySelector('main'), clickable).find((element) => text(element) === 'Registrieren');
    if (control === 'contact-submit') {
      const forms = [...document.querySelectorAll('main form')];
      const form = forms.find((f) => f.getAttribute('aria-label') === 'Kontaktformular') ?? forms[0];
      return form ? all(form, 'button[type="submit"], button:not([type]), input[type="submit"]')[0] : undefined;
    }
  };
  /** The menu's paths linked on screen from the site's chrome (not the page, not the footer). */
  const pathsOnScreen = () =>
    [...document.querySelectorAll('a[href]')]
      .filter(
        (link) =>
          !link.closest('main, footer') &&
          (control === 'more' ? morePaths : menuPaths).includes(new URL(link.href).pathname) &&
          onScreen(link),
      )
      .map((link) => new URL(link.href).pathname);
  const effectOf = (before) => {
    if (location.href !== before.href) return `address changed to ${location.pathname}${location.search}`;
    const element = find();
    if (!element) return null;
    if (control === 'more' || control === 'menu') {
      if (element.closest('details')?.open) return 'details[open]';
      if (element.getAttribute('aria-expanded') === 'true') return 'aria-expanded';
      // A page may show a link to itself (the language bar): only links that were not on screen count.
      const paths = pathsOnScreen().filter((path) => !before.paths.includes(path));
      if (paths.length > 0) return `menu links on screen (${paths[0]})`;
    }
    if (control === 'sign-up-tab') {
      if (element.getAttribute('aria-selected') === 'true') return 'tab selected';
      if ([...document.querySelectorAll('input[autocomplete="new-password"]')].some(onScreen)) return 'sign-up fields on screen';
    }
    if (control === 'contact-submit') {
      const form = element.closest('form') ?? document;
      if (form.querySelector('[aria-invalid="true"]')) return 'field errors shown';
      if ([...form.querySelectorAll('[role="alert"]')].some((alert) => text(alert) && shown(alert))) return 'alert shown';
      if (invalidEvent) return "browser's validation shown";
    }
    return null;
  };

  // The state just before the first click is handled; an effect already there is no click's effect.
  let before = null;
  let done = false;
  const found = (reason) => {
    if (done) return;
    done = true;
    report({ type: 'effect', reason, at: performance.now() });
  };
  const check = () => {
    if (done || !before) return;
    const reason = effectOf(before);
    if (reason) found(reason);
  };
  window.addEventListener(
    'click',
    (event) => {
      if (!before) {
        before = { href: location.href, paths: control === 'more' || control === 'menu' ? pathsOnScreen() : [] };
        const already = effectOf(before);
        if (already) report({ type: 'baseline', reason: already });
      }
      // timeStamp: when the tap happened (however long the page took to handle it); `at`: when handled.
      report({ type: 'click', sent: event.timeStamp, at: performance.now() });
      setTimeout(check);
    },
    true,
  );
  // A plain navigation the page's scripts did not stop: a link followed, a form posted.
  window.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (before && link && !event.defaultPrevented && !link.getAttribute('href').startsWith('#')) found('link followed');
  });
  window.addEventListener('submit', (event) => {
    if (before && !event.defaultPrevented) found(`form posted (${(event.target.method || 'get').toUpperCase()})`);
  });
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  setInterval(check, 50);

  /** Where to tap: the control's centre in the viewport, scrolled into view first if need be (as a visitor would). */
  window.__benchTarget = (scroll) => {
    const element = find();
    if (!element) return null;
    let box = element.getBoundingClientRect();
    if (scroll && (box.top < 0 || box.bottom > innerHeight)) {
      element.scrollIntoView({ block: 'center', behavior: 'instant' });
      box = element.getBoundingClientRect();
    }
    return { x: box.left + box.width / 2, y: box.top + box.height / 2, inView: box.top >= 0 && box.bottom <= innerHeight };
  };
}

const median = (values) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function throttledPage(browser, viewport) {
  const context = await browser.newContext({ ...VIEWPORTS[viewport], locale: 'de-DE' });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.rttMs,
    downloadThroughput: (PHONE_PROFILE.downKbit * 1000) / 8,
    uploadThroughput: (PHONE_PROFILE.upKbit * 1000) / 8,
  });
  return { context, page };
}

async function viewRun(browser, base, scenario) {
  const { context, page } = await throttledPage(browser, scenario.viewport);
  try {
    await page.addInitScript(pageProbe, { control: scenario.control, morePaths: MORE_PATHS, menuPaths: MENU_PATHS });
    await page.goto(`${base}${scenario.path}`, { waitUntil: 'load' });
    // LCP may still move after load (a late image, fonts): give it a moment, then read the last candidate.
    await sleep(2000);
    const { fcp, lcp } = await page.evaluate(() => window.__bench);
    if (fcp === null) throw new Error('no first contentful paint');
    // Where the control is on a page left alone: the click run taps there without asking the page first.
    const target = await page.evaluate(() => window.__benchTarget(false));
    return { fcp, lcp: lcp ?? fcp, target };
  } finally {
    await context.close();
  }
}

/**
 * Taps the control from the first paint on until a tap has an effect. The page is asked nothing in
 * between (an evaluate would wait for its busy main thread and delay the taps): the control's place
 * comes from the view run, the first paint, clicks and effect arrive through a binding. Only a control
 * below the fold costs one evaluate, to scroll to it.
 */
async function clickRun(browser, base, scenario, target) {
  const { context, page } = await throttledPage(browser, scenario.viewport);
  try {
    let origin = null;
    let fcp = null;
    let effect = null;
    let baseline = null;
    const clicks = [];
    await page.exposeBinding('__benchReport', ({ frame }, message) => {
      if (frame !== page.mainFrame() || effect) return;
      if (message.type === 'fcp') fcp ??= message.at;
      else if (message.type === 'click') clicks.push(message);
      else if (message.type === 'baseline') baseline ??= message.reason;
      else if (message.type === 'effect') effect = message;
    });
    await page.addInitScript(pageProbe, { control: scenario.control, morePaths: MORE_PATHS, menuPaths: MENU_PATHS });
    // A navigation (a plain POST, a link) is an effect too; this catches one the page could not report.
    page.on('request', (request) => {
      if (origin === null || effect || !request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
      effect = { reason: `navigation (${request.method()} ${new URL(request.url()).pathname})`, at: Date.now() - origin };
    });
    await page.goto(`${base}${scenario.path}`, { waitUntil: 'commit' });
    origin = await page.evaluate(() => performance.timeOrigin);
    const until = Date.now() + GIVE_UP_MS;
    while (fcp === null) {
      if (Date.now() > until) throw new Error('no first contentful paint');
      await sleep(5);
    }
    let at = target.inView ? target : null;
    while (!at) {
      if (Date.now() > until) throw new Error('the control was not found to scroll to');
      at = await page.evaluate(() => window.__benchTarget(true)).catch(() => null);
    }
    // The place may move (hydration restores the scroll position, a late layout): asked again now and
    // then, beside the taps and never waited for.
    let asking = null;
    const askAgain = () => {
      asking ??= page
        .evaluate(() => window.__benchTarget(true))
        .then((next) => (at = next ?? at))
        .catch(() => {})
        .then(() => sleep(250))
        .then(() => (asking = null));
    };
    const taps = [];
    while (!effect) {
      if (baseline) throw new Error(`effect present before any tap (${baseline})`);
      if (Date.now() > until) throw new Error(`no tap had an effect within ${GIVE_UP_MS / 1000} s`);
      askAgain();
      taps.push(Date.now() - origin);
      await page.touchscreen.tap(at.x, at.y).catch(() => {});
      await sleep(TAP_EVERY_MS);
    }
    // The tap that worked: the last click the page handled before the effect (taps queued behind a long
    // task are handled in order), at the time it was made — never before the first paint.
    const handled = clicks.filter((click) => click.at <= effect.at);
    const made = handled.at(-1)?.sent ?? taps.filter((time) => time <= effect.at).at(-1) ?? taps[0];
    const click = Math.max(made, fcp);
    return { fcp, click, firstTap: taps[0], effectAt: effect.at, reason: effect.reason, taps: Math.max(1, handled.length) };
  } finally {
    await context.close();
  }
}

/** Runs every scenario; each row has medians in ms, or `error` when no run of it succeeded. */
export async function interactionBenchmarks(base, { chromiumPath, log = () => {} }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  const rows = [];
  try {
    for (const scenario of INTERACTION_SCENARIOS) {
      const views = [];
      const clicks = [];
      const errors = [];
      for (let run = 0; run < RUNS; run++) {
        await viewRun(browser, base, scenario).then(
          (result) => views.push(result),
          (error) => errors.push(`view: ${error.message.split('\n')[0]}`),
        );
        const target = views.at(-1)?.target;
        if (!target) {
          errors.push('click: the control was not found on the page');
          continue;
        }
        await clickRun(browser, base, scenario, target).then(
          (result) => clicks.push(result),
          (error) => errors.push(`click: ${error.message.split('\n')[0]}`),
        );
      }
      const row = {
        ...scenario,
        runs: RUNS,
        fcp: median(views.map((r) => r.fcp)),
        lcp: median(views.map((r) => r.lcp)),
        click: median(clicks.map((r) => r.click)),
        effectDelay: median(clicks.map((r) => r.effectAt - r.click)),
        taps: median(clicks.map((r) => r.taps)),
        tapsFrom: median(clicks.map((r) => r.firstTap - r.fcp)),
        reasons: [...new Set(clicks.map((r) => r.reason))],
        errors,
        views: views.length,
        clicks: clicks.length,
      };
      // Paired within each load: the view runs' FCP differs from the click run's by more than the target
      // on a busy machine, and LCP is cut short by the first tap (so it comes from the view runs alone).
      row.gap = median(clicks.map((r) => r.click - r.fcp));
      log(
        `interaction ${scenario.path} ${scenario.viewport} ${scenario.label}: FCP ${fmt(row.fcp)} LCP ${fmt(row.lcp)} click ${fmt(row.click)} (${row.reasons.join(', ')})${errors.length ? ` errors: ${errors.join('; ')}` : ''}`,
      );
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

const fmt = (ms) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);
