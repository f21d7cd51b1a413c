import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** validateSearch for the landing page of an e-mail link: `?token=…` (empty when missing). */
export function tokenSearch(search: Record<string, unknown>): { token: string } {
  return { token: typeof search.token === 'string' ? search.token : '' };
}

/**
 * Sends an e-mail link's token once, as soon as its landing page opens. A token works only once, so
 * React's development double effect must not send it twice.
 */
export function useSendTokenOnce(mutation: Pick<UseMutationResult<unknown, unknown, { token: string }>, 'mutate'>, token: string): void {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    mutation.mutate({ token });
  }, [mutation, token]);
}
