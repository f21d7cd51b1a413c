import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { showToast } from '@client/components/feedback/toast';
import { errorMessageFor, failureToast } from '@client/i18n/error-messages';
import { useTRPC } from '@client/trpc';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * A sent newsletter's mails that failed for good: the mail server's answer (the most frequent first), and
 * "Fehlgeschlagene E-Mails erneut senden", after a confirmation, for the ones to addresses still on the list —
 * meant for after the cause is mended (a mail server that refused the site for a while). Nothing when
 * no mail failed. `failed` is the newsletter's count; when it changes, the reasons are asked for again.
 * `subjectId`: the element naming the newsletter, in a list of several (the button then says which one
 * it sends again to a screen reader, which reads buttons out of their row).
 */
export function FailedDeliveries({ newsletterId, failed, subjectId }: { newsletterId: string; failed: number; subjectId?: string }) {
  const { t, i18n } = useLingui();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const failures = useQuery({ ...trpc.newsletter.failures.queryOptions({ id: newsletterId }), enabled: failed > 0 });
  const resend = useMutation(
    trpc.newsletter.resendFailed.mutationOptions({
      // The counts, the list and the reasons all change.
      onSettled: () => void queryClient.invalidateQueries(trpc.newsletter.pathFilter()),
    }),
  );
  const [confirming, setConfirming] = useState(false);

  const countSeen = useRef(failed);
  useEffect(() => {
    if (countSeen.current === failed) return;
    countSeen.current = failed;
    if (failed > 0) void queryClient.invalidateQueries(trpc.newsletter.failures.queryFilter({ id: newsletterId }));
  }, [failed, newsletterId, queryClient, trpc]);

  async function confirmResend() {
    try {
      const { requeued } = await resend.mutateAsync({ id: newsletterId });
      showToast({
        color: 'green',
        title: t`Erneut in die Warteschlange gestellt`,
        message: t({ message: plural(requeued, { one: '# E-Mail wird erneut gesendet.', other: '# E-Mails werden erneut gesendet.' }) }),
      });
    } catch (error) {
      showToast(failureToast(i18n, t`Die E-Mails konnten nicht erneut gesendet werden.`, error));
    } finally {
      setConfirming(false);
    }
  }

  if (failed === 0) return null;
  const data = failures.data;
  const resendable = data?.resendable ?? 0;
  const notOnList = data ? Math.max(0, failed - resendable) : 0;

  return (
    <Stack gap={6} mt="xs" align="flex-start" data-testid="newsletter-failures">
      {failures.isError && (
        <Text size="sm" c="red.8" role="alert">
          {i18n._(errorMessageFor(failures.error))}
        </Text>
      )}
      {data && data.reasons.length > 0 && (
        <div>
          <Text size="sm" fw={600}>
            <Trans>Antwort des Mailservers:</Trans>
          </Text>
          {data.reasons.map(({ reason, count }) => (
            <Text key={reason} size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="newsletter-failure-reason">
              {count} ×{' '}
              <Text span ff="monospace" size="sm">
                {reason}
              </Text>
            </Text>
          ))}
        </div>
      )}
      {notOnList > 0 && (
        <Text size="sm" c="gray.7">
          <Plural
            value={notOnList}
            one="# davon ging an eine Adresse, die nicht mehr angemeldet ist: Sie erhält keine weitere E-Mail."
            other="# davon gingen an Adressen, die nicht mehr angemeldet sind: Sie erhalten keine weitere E-Mail."
          />
        </Text>
      )}
      {resendable > 0 && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={resend.isPending}
          onClick={() => setConfirming(true)}
          aria-describedby={subjectId}
        >
          <Trans>Fehlgeschlagene E-Mails erneut senden</Trans>
        </Button>
      )}

      <ConfirmDialog
        opened={confirming}
        title={t`Fehlgeschlagene E-Mails erneut senden`}
        confirmLabel={<Trans>Erneut senden</Trans>}
        busy={resend.isPending}
        onConfirm={() => void confirmResend()}
        onClose={() => setConfirming(false)}
      >
        <Text fw={600}>
          <Plural
            value={resendable}
            one="# E-Mail, die nicht zugestellt werden konnte, wird erneut gesendet."
            other="# E-Mails, die nicht zugestellt werden konnten, werden erneut gesendet."
          />
        </Text>
        <Text>
          <Trans>
            Nur an Adressen, die noch angemeldet sind. Ist die Ursache nicht behoben (etwa die Zugangsdaten des Mailservers), schlagen sie
            erneut fehl.
          </Trans>
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
