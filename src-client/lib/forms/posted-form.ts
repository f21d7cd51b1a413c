import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { type FormName, type NoticeKey, PAGE_FORM_STATE_KEY, type PageFormState, type PostedForm } from '@shared/forms';

const NO_STATE: PageFormState = { posted: null, notice: null };

/**
 * What the server left for this page after a form posted without scripts (ADR 033): put into the query
 * cache while it rendered, so the browser hydrates with the same. Never fetched.
 */
function usePageFormState(): PageFormState {
  const { data } = useQuery({
    queryKey: PAGE_FORM_STATE_KEY,
    queryFn: () => NO_STATE,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data ?? NO_STATE;
}

/** The form named `name` as it was posted and refused, when this page shows it again. */
export function usePostedForm(name: FormName | undefined): PostedForm | null {
  const { posted } = usePageFormState();
  return name && posted?.form === name ? posted : null;
}

/** The outcome of the form posted before the redirect to this page, shown once. */
export function usePageNotice(): NoticeKey | null {
  return usePageFormState().notice;
}

/**
 * The state belongs to the page the server rendered: once the visitor moves on within the tab, a notice
 * or a refused form must not show again (the query cache outlives the page). Called once in the browser.
 */
export function forgetPageFormStateOnNavigation(router: AnyRouter, queryClient: QueryClient): void {
  router.subscribe('onBeforeNavigate', (event) => {
    if (event.fromLocation && event.hrefChanged) queryClient.setQueryData(PAGE_FORM_STATE_KEY, NO_STATE);
  });
}
