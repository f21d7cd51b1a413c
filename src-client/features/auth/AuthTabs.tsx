import { Trans } from '@lingui/react/macro';
import { Tabs } from '@mantine/core';
import '@mantine/core/styles/Tabs.css';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

export type AuthTab = 'sign-in' | 'sign-up';

/**
 * /auth's two tabs: Anmelden (the default) or Registrieren (`?tab=sign-up`). The address decides which
 * one shows, and each tab is a link to it: without scripts, or clicked before the page has hydrated, the
 * browser loads the address and the server renders that panel; with scripts the router follows the link
 * in the page. After a sign-up the form goes back to the sign-in tab the same way.
 */
export function AuthTabs({ tab }: { tab: AuthTab }) {
  return (
    // A fixed id: Mantine derives the tabs' and panels' ids from it, the same on the server and in the browser.
    <Tabs id="auth" value={tab} keepMounted={false}>
      <Tabs.List grow mb="lg">
        <TabLink tab="sign-in">
          <Trans>Anmelden</Trans>
        </TabLink>
        <TabLink tab="sign-up">
          <Trans>Registrieren</Trans>
        </TabLink>
      </Tabs.List>
      <Tabs.Panel value="sign-in">
        <SignInForm />
      </Tabs.Panel>
      <Tabs.Panel value="sign-up">
        <SignUpForm />
      </Tabs.Panel>
    </Tabs>
  );
}

/**
 * A tab that is a link to its own address (the other search parameters, `redirect` and `lang`, stay).
 * Mantine's arrow-key navigation clicks the next tab, so the keyboard follows the link too.
 */
function TabLink({ tab, children }: { tab: AuthTab; children: ReactNode }) {
  return (
    <Tabs.Tab
      value={tab}
      renderRoot={({ type: _buttonType, ...props }) => (
        <Link
          {...props}
          to="/auth"
          search={(previous) => ({ ...previous, tab: tab === 'sign-up' ? 'sign-up' : undefined })}
          resetScroll={false}
        />
      )}
    >
      {children}
    </Tabs.Tab>
  );
}
