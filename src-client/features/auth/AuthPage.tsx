import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { returnTarget } from '@shared/return-path';
import { showToast } from '@client/components/feedback/toast';
import { AuthCard } from './AuthCard';
import { type AuthTab, AuthTabs } from './AuthTabs';

/**
 * /auth: sign in or sign up; signed in, the route sends the user on to `returnPath`. A visitor the
 * checkout sent here (routes/checkout.tsx) is told why.
 */
export function AuthPage({ returnPath, tab }: { returnPath: string | undefined; tab: AuthTab }) {
  const { t } = useLingui();
  const fromCheckout = returnTarget(returnPath).to === '/checkout';
  const toldWhy = useRef(false);
  useEffect(() => {
    // Once: React's development double effect must not show it twice.
    if (!fromCheckout || toldWhy.current) return;
    toldWhy.current = true;
    showToast({ color: 'blue', message: t`Bitte melde dich an, um eine Bestellung aufzugeben` });
  }, [fromCheckout, t]);

  return (
    <AuthCard title={<Trans>Admin Bereich</Trans>}>
      <AuthTabs tab={tab} />
    </AuthCard>
  );
}
