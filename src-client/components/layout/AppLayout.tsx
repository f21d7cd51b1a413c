import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LazyCartDrawer } from '@client/features/cart/LazyCartDrawer';
import { PageNotice } from '@client/lib/forms/PageNotice';
import classes from './AppLayout.module.css';
import { LanguageBar } from './LanguageBar';
import { ScrollProgress } from './ScrollProgress';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { WhatsAppWidget } from './WhatsAppWidget';

/** The shared chrome around every page. */
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
      <SiteHeader />
      <main id="main-content" tabIndex={-1} className={classes.main}>
        <PageNotice />
        {children}
      </main>
      <SiteFooter />
      <WhatsAppWidget />
      <LazyCartDrawer />
    </div>
  );
}
