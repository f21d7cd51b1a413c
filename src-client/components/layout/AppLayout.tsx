import { Trans } from '@lingui/react/macro';
import { Suspense, type ReactNode } from 'react';
import { LazyCartDrawer } from '@client/features/cart/LazyCartDrawer';
import { PageNotice } from '@client/lib/forms/PageNotice';
import classes from './AppLayout.module.css';
import { LanguageBar } from './LanguageBar';
import { ScrollProgress } from './ScrollProgress';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { WhatsAppWidget } from './WhatsAppWidget';

/**
 * The shared chrome around every page. Each section is its own Suspense boundary, so hydration is
 * selective (docs/decisions/034-script-loading.md): React hydrates the sections one by one, yielding
 * between them, and a click or key press in a section not yet hydrated makes React hydrate that
 * section first and then replay the event — the menu opens at once while the page below still waits.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.page}>
      <a href="#main-content" className={classes.skipLink}>
        <Trans>Zum Inhalt springen</Trans>
      </a>
      <ScrollProgress />
      <header>
        <LanguageBar />
      </header>
      <Suspense>
        <SiteHeader />
      </Suspense>
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <PageNotice />
        <Suspense>{children}</Suspense>
      </main>
      <Suspense>
        <SiteFooter />
      </Suspense>
      <Suspense>
        <WhatsAppWidget />
      </Suspense>
      <LazyCartDrawer />
    </div>
  );
}
