import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '@shared/money';
import type { DonationStatus } from '@shared/schemas/donation';
import { ButtonLink } from '@client/components/links';
import { PageShell } from '@client/components/page/PageShell';
import { useTRPC } from '@client/trpc';

/** While the webhook has not arrived, the page asks again every few seconds, for about a minute. */
const POLL_MS = 3000;
const POLL_LIMIT = 20;

/**
 * /spenden/danke (ADR 031): where Stripe sends the donor back. It asks the server what became of the
 * session: received, on its way (SEPA), not finished, or unknown. The amount shown is the server's
 * record; nothing in the address can change it.
 */
export function DonationThanksPage({ sessionId }: { sessionId: string }) {
  const { t } = useLingui();
  const status = useQuery({
    ...useTRPC().donations.status.queryOptions({ sessionId }),
    enabled: sessionId !== '',
    refetchInterval: (query) => (query.state.data?.state === 'open' && query.state.dataUpdateCount < POLL_LIMIT ? POLL_MS : false),
  });

  let content: React.ReactNode;
  if (sessionId === '') content = <ThanksMessage status={{ state: 'unknown', amountCents: null, mode: null }} />;
  else if (status.data) content = <ThanksMessage status={status.data} />;
  else if (status.isError) content = <ThanksMessage status={{ state: 'unknown', amountCents: null, mode: null }} />;
  else content = <Loader aria-label={t`Ihre Spende wird geprüft`} />;

  return (
    <PageShell>
      <Container size="sm" py={48}>
        <Stack gap="lg" data-testid="donation-thanks">
          {content}
          <ButtonLink to="/support" variant="light" style={{ alignSelf: 'flex-start' }}>
            <Trans>Zurück zu „Unterstützen“</Trans>
          </ButtonLink>
        </Stack>
      </Container>
    </PageShell>
  );
}

function ThanksMessage({ status }: { status: DonationStatus }) {
  const { t } = useLingui();
  const amount = status.amountCents === null ? null : formatCents(status.amountCents);
  const line =
    amount === null ? null : status.mode === 'monthly' ? <Trans>Betrag: {amount} monatlich</Trans> : <Trans>Betrag: {amount}</Trans>;

  switch (status.state) {
    case 'received':
      return (
        <>
          <Title order={1}>
            <Trans>Vielen Dank! Ihre Spende ist eingegangen.</Trans>
          </Title>
          <Alert color="green" role="status" data-testid="donation-state" data-state="received">
            <Stack gap={4}>
              {line && <Text size="sm">{line}</Text>}
              <Text size="sm">
                <Trans>Eine Bestätigung mit allen Angaben ist per E-Mail zu Ihnen unterwegs.</Trans>
              </Text>
            </Stack>
          </Alert>
        </>
      );
    case 'pending':
      return (
        <>
          <Title order={1}>
            <Trans>Vielen Dank!</Trans>
          </Title>
          <Alert color="blue" role="status" data-testid="donation-state" data-state="pending">
            <Stack gap={4}>
              <Text size="sm">
                <Trans>Ihre Spende ist unterwegs – wir bestätigen sie per E-Mail, sobald sie eingegangen ist.</Trans>
              </Text>
              {line && <Text size="sm">{line}</Text>}
            </Stack>
          </Alert>
        </>
      );
    case 'open':
      return (
        <>
          <Title order={1}>
            <Trans>Einen Moment, bitte</Trans>
          </Title>
          <Alert color="blue" role="status" data-testid="donation-state" data-state="open">
            <Trans>
              Wir warten noch auf die Bestätigung Ihrer Zahlung. Diese Seite aktualisiert sich von selbst; die Bestätigung kommt auch per
              E-Mail.
            </Trans>
          </Alert>
        </>
      );
    case 'failed':
      return (
        <>
          <Title order={1}>
            <Trans>Die Zahlung wurde nicht abgeschlossen</Trans>
          </Title>
          <Alert color="yellow" role="status" data-testid="donation-state" data-state="failed">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                <Trans>Es wurde nichts abgebucht. Sie können es gern noch einmal versuchen.</Trans>
              </Text>
              <ButtonLink to="/spenden" size="sm">
                {t`Zum Spendenformular`}
              </ButtonLink>
            </Stack>
          </Alert>
        </>
      );
    default:
      return (
        <>
          <Title order={1}>
            <Trans>Vielen Dank für Ihre Unterstützung</Trans>
          </Title>
          <Alert color="gray" role="status" data-testid="donation-state" data-state="unknown">
            <Trans>
              Zu diesem Link finden wir keine Spende. Wenn Sie gespendet haben, erhalten Sie die Bestätigung per E-Mail, sobald die Zahlung
              eingegangen ist.
            </Trans>
          </Alert>
        </>
      );
  }
}
