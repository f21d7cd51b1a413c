import type { NotificationData } from '@mantine/notifications';

/**
 * Shows a toast (spec §9: bottom-right, at most three, four seconds). Mantine's notifications load
 * with the first toast rather than with every page; until then nothing of them is downloaded.
 */
export function showToast(notification: NotificationData): void {
  if (!isRequested) {
    isRequested = true;
    for (const listener of listeners) listener();
  }
  const withLabel = { ...notification, closeButtonProps: { 'aria-label': closeLabel, ...notification.closeButtonProps } };
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(withLabel));
}

let isRequested = false;
let closeLabel = 'Schließen';

/** The name of a toast's close button in the page's language (set by LazyNotifications, which knows the language). */
export function setToastCloseLabel(label: string): void {
  closeLabel = label;
}
const listeners = new Set<() => void>();

/** Calls `listener` once the first toast is asked for (LazyNotifications then mounts the toast area). */
export function onFirstToast(listener: () => void): () => void {
  if (isRequested) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
