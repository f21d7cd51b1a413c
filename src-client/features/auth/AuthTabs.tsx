import { Trans } from '@lingui/react/macro';
import { Tabs } from '@mantine/core';
import '@mantine/core/styles/Tabs.css';
import { useState } from 'react';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

/**
 * /auth's two tabs: Anmelden (the default, or Registrieren with `?tab=sign-up`, so a link can open the
 * sign-up form and the server renders it); after a sign-up the sign-in tab returns.
 */
export function AuthTabs({ initialTab }: { initialTab?: 'sign-up' | undefined }) {
  const [tab, setTab] = useState<string | null>(initialTab ?? 'sign-in');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List grow mb="lg">
        <Tabs.Tab value="sign-in">
          <Trans>Anmelden</Trans>
        </Tabs.Tab>
        <Tabs.Tab value="sign-up">
          <Trans>Registrieren</Trans>
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="sign-in">
        <SignInForm />
      </Tabs.Panel>
      <Tabs.Panel value="sign-up">
        <SignUpForm onRegistered={() => setTab('sign-in')} />
      </Tabs.Panel>
    </Tabs>
  );
}
