import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AdminNewsletter } from '@shared/schemas/newsletter';
import { useTRPC } from '@client/trpc';
import { isGoingOut, NewsletterProgress, PROGRESS_POLL_MS } from './NewsletterProgress';

/**
 * The progress of a newsletter whose sending has started, asked for again every PROGRESS_POLL_MS while
 * any of its mails still waits (the worker sends them at NEWSLETTER_RATE_PER_MIN), then no more.
 */
export function LiveProgress({ newsletter }: { newsletter: AdminNewsletter }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const progress = useQuery({
    ...trpc.newsletter.progress.queryOptions({ id: newsletter.id }),
    initialData: newsletter.progress,
    refetchInterval: (query) => (isGoingOut(query.state.data) || newsletter.status === 'sending' ? PROGRESS_POLL_MS : false),
  });

  // The newsletter (its status badge) and the list show the same counts: they follow when these change.
  const { dataUpdatedAt } = progress;
  const { id } = newsletter;
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataUpdatedAt is the trigger — each new progress answer refreshes the others
  useEffect(() => {
    void queryClient.invalidateQueries(trpc.newsletter.list.queryFilter());
    void queryClient.invalidateQueries(trpc.newsletter.get.queryFilter({ id }));
  }, [dataUpdatedAt, id, queryClient, trpc]);

  return <NewsletterProgress progress={progress.data} />;
}
