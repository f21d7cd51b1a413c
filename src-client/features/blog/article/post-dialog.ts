import { useRouterState } from '@tanstack/react-router';

/**
 * A post opened from the list shows as a dialog above it (spec §2); the same address reached any other
 * way (typed, shared, reloaded, a link from elsewhere) is the article page, which is what the server
 * renders. The list's click marks its history entry with a key made once per page load: going back and
 * forward keeps the dialog, while a reload makes a new key, so the reloaded address shows the article
 * page exactly as the server rendered it (no hydration mismatch). TanStack Router's route masks use the
 * same idea (`unmaskOnReload`).
 */
const PAGE_LOAD_KEY = Math.random().toString(36).slice(2);

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set by the blog list when it opens a post as a dialog. */
    postDialog?: string;
  }
}

/** The history state of a navigation that opens a post as a dialog above the list. */
export const postDialogState = () => ({ postDialog: PAGE_LOAD_KEY });

/** Whether the current address was opened from the list in this page load (then: the dialog). */
export function useIsPostDialog(): boolean {
  return useRouterState({ select: (state) => state.location.state.postDialog === PAGE_LOAD_KEY });
}

/** The same for a router location (route loaders decide with it whether the list is needed). */
export function isPostDialogLocation(location: { state: { postDialog?: string } }): boolean {
  return location.state.postDialog === PAGE_LOAD_KEY;
}

/** Whether /blog's list is on screen at this location: the list itself, or a post opened above it. */
export function showsBlogList(location: { pathname: string; state: { postDialog?: string } }): boolean {
  return /^\/blog\/?$/.test(location.pathname) || isPostDialogLocation(location);
}

export function useShowsBlogList(): boolean {
  return useRouterState({ select: (state) => showsBlogList(state.location) });
}
