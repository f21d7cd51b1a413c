import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { AdminNewsletter } from '@shared/schemas/newsletter';
import { useTRPC } from '@client/trpc';
import { FailedDeliveries } from './FailedDeliveries';
import { isGoingOut, NewsletterProgress, PROGRESS_POLL_MS } from './NewsletterProgress';

/**
 * The progress of a newsletter whose sending has started, asked for again every PROGRESS_POLL_MS while
 * any of its mails still waits (the worker sends them at NEWSLETTER_RATE_PER_MIN), then no more; with
 * the reasons of failed mails and the way to send them again.
 */
export function LiveProgress({ newsletter }: { newsletter: AdminNewsletter }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const progress = useQuery({
    ...trpc.newsletter.progress.queryOptions({ id: newsletter.id }),
    initialData: newsletter.progress,
    refetchInterval: (query) => (isGoingOut(query.state.data) || newsletter.status === 'sending' ? PROGRESS_POLL_MS : false),
  });

  // The newsletter (its status badge) and the list show the same counts: they take over each new answer.
  // Only when the queueing has just finished is the newsletter itself asked for again (its status).
  const { dataUpdatedAt, data } = progress;
  const { id, status } = newsletter;
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataUpdatedAt is the trigger — each new progress answer updates the others
  useEffect(() => {
    queryClient.setQueryData(trpc.newsletter.get.queryKey({ id }), (old) => (old ? { ...old, progress: data } : old));
    void queryClient.invalidateQueries(trpc.newsletter.list.queryFilter());
    if (status === 'sending' && !isGoingOut(data)) void queryClient.invalidateQueries(trpc.newsletter.get.queryFilter({ id }));
  }, [dataUpdatedAt, id, status, queryClient, trpc]);

  // The worker may queue and deliver everything before the first poll: then the answer that ended the
  // polling predates the queueing (0 recipients). When the status turns from 'sending' to 'sent', the
  // counts are asked for once more, so the panel ends with what was sent.
  const previousStatus = useRef(status);
  useEffect(() => {
    if (previousStatus.current === 'sending' && status === 'sent')
      void queryClient.invalidateQueries(trpc.newsletter.progress.queryFilter({ id }));
    previousStatus.current = status;
  }, [status, id, queryClient, trpc]);

  return (
    <NewsletterProgress progress={progress.data}>
      <FailedDeliveries newsletterId={id} failed={progress.data.failed} />
    </NewsletterProgress>
  );
}
