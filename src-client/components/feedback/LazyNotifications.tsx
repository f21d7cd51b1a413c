import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { NOTIFICATION_AUTO_CLOSE_MS, NOTIFICATION_LIMIT } from '@shared/constants';
import { onFirstToast, setToastCloseLabel } from './toast';

const Notifications = lazy(() => import('./Toasts').then((module) => ({ default: module.Notifications })));

/** The toast area (spec §9), mounted with the first toast (see showToast). */
export function LazyNotifications() {
  const { t } = useLingui();
  const [isNeeded, setNeeded] = useState(false);
  useEffect(() => onFirstToast(() => setNeeded(true)), []);
  useEffect(() => setToastCloseLabel(t`Schließen`), [t]);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="bottom-right" limit={NOTIFICATION_LIMIT} autoClose={NOTIFICATION_AUTO_CLOSE_MS} />
    </Suspense>
  );
}
