import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Container, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { WITHDRAWAL_LIMITS } from '@shared/constants';
import { type WithdrawalFormValues, withdrawalInput } from '@shared/form-inputs';
import type { WithdrawalReceipt } from '@shared/schemas/withdrawal';
import { AnchorLink } from '@client/components/links';
import { PageShell } from '@client/components/page/PageShell';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { PrivacyNotice } from '@client/features/legal/PrivacyNotice';
import { useLocale } from '@client/i18n/LocaleProvider';
import { errorMessageFor } from '@client/i18n/error-messages';
import { INTL_LOCALES } from '@shared/locales';
import { TEAM_TIME_ZONE } from '@shared/constants';
import { dateTimeFormat } from '@shared/date-time-format';
import { PostForm } from '@client/lib/forms/PostForm';
import { usePageNotice, usePostedForm } from '@client/lib/forms/posted-form';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';
import classes from '@client/features/legal/inline-links.module.css';
import pageClasses from './WithdrawalDeclarationPage.module.css';

const EMPTY: WithdrawalFormValues = { name: '', orderNumber: '', email: '', message: '' };

/**
 * /widerruf/erklaeren, the withdrawal button (§ 356a BGB, ADR 027): "Vertrag widerrufen" opens the
 * form (name, order number, the order's e-mail address, an optional message), "Widerruf bestätigen"
 * sends it. The page then shows when the declaration was received; the receipt goes by mail to the
 * order's address. No sign-in: guests withdraw as easily as they ordered.
 *
 * Without scripts (or before they run) it works the same (ADR 033): "Vertrag widerrufen" is the summary
 * of a `<details>` disclosure, so the form opens without them, and the form is a plain post to this page
 * (src-server/withdrawals/form-actions.ts, the same withdrawals.declare). A refusal shows the page again
 * with the form open, what was typed and the errors; success comes back with the receipt in its place.
 *
 * `orderNumber` (`?order=…`, the link under "Meine Bestellungen") fills in the order number, on the
 * server's page too; what is typed or posted wins. The e-mail field starts empty: the declaration names
 * the order's own address, which need not be the account's.
 */
export function WithdrawalDeclarationPage({ orderNumber: linkedOrderNumber }: { orderNumber?: string | undefined }) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const trpc = useTRPC();
  const { data: details } = useSuspenseQuery(legalDetailsQuery(trpc));
  const queryClient = useQueryClient();
  const declare = useMutation(trpc.withdrawals.declare.mutationOptions());
  const [receipt, setReceipt] = useState<WithdrawalReceipt | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentByScript, setSentByScript] = useState(false);
  // After a plain post: received (the redirect's notice), or refused (the page again, the form open).
  const receivedByPost = usePageNotice() === 'withdrawal.received';
  const refusedByPost = usePostedForm('withdrawal') !== null;

  const declaration = useSchemaForm({
    name: 'withdrawal',
    schema: () => import('@shared/schemas/withdrawal').then((schemas) => schemas.withdrawalDeclarationSchema),
    // Not the account's address: the declaration must name the order's own, which may differ (an order
    // placed with another address, or before the account's address changed), and a prefilled wrong one
    // would be refused while looking right.
    initialValues: { ...EMPTY, orderNumber: linkedOrderNumber ?? '' },
    toInput: (values) => withdrawalInput(values, locale),
    onSubmit: async (data) => {
      setFailure(null);
      setSentByScript(true);
      setReceipt(await declare.mutateAsync(data));
      // A signed-in buyer's /account then shows the order as withdrawn.
      void queryClient.invalidateQueries(trpc.orders.mine.queryFilter());
    },
    // A plain post's refusal is old news once the visitor sends again with scripts.
    onInvalid: () => setSentByScript(true),
    onError: (error) => {
      setFailure(i18n._(errorMessageFor(error, msg`Bitte versuchen Sie es später erneut.`)));
    },
  });
  const field = declaration.field;
  // One place for a refusal of the whole form, by tRPC or after a plain post, with the address to write to.
  const refusal = failure ?? (sentByScript ? null : declaration.postedError);

  let content: React.ReactNode;
  if (receipt) {
    const receivedAt = dateTimeFormat(INTL_LOCALES[locale], {
      dateStyle: 'long',
      timeStyle: 'long',
      timeZone: TEAM_TIME_ZONE,
    }).format(new Date(receipt.receivedAt));
    const orderNumber = receipt.orderNumber;
    content = (
      <Alert color="green" role="status" title={t`Ihr Widerruf ist eingegangen`} data-testid="withdrawal-receipt">
        <Stack gap="xs">
          <Text size="sm">
            <Trans>
              Wir haben Ihren Widerruf der Bestellung {orderNumber} am {receivedAt} erhalten.
            </Trans>
          </Text>
          <Text size="sm">
            <Trans>Eine Eingangsbestätigung mit dem Inhalt Ihrer Erklärung ist an die E-Mail-Adresse Ihrer Bestellung unterwegs.</Trans>
          </Text>
        </Stack>
      </Alert>
    );
  } else if (receivedByPost) {
    // The plain post's outcome: the time of receipt is in the receipt mail (the notice names no order).
    content = (
      <Alert color="green" role="status" title={t`Ihr Widerruf ist eingegangen`} data-testid="withdrawal-receipt">
        <Text size="sm">
          <Trans>Eine Eingangsbestätigung mit dem Inhalt Ihrer Erklärung ist an die E-Mail-Adresse Ihrer Bestellung unterwegs.</Trans>
        </Text>
      </Alert>
    );
  } else {
    // The first step opens the second without scripts too; the browser tells assistive technology whether
    // it is open (the summary's expanded state). A refused post shows the page again with it open.
    content = (
      <details open={refusedByPost || undefined}>
        <Button component="summary" size="md" className={pageClasses.opener} data-testid="withdrawal-open">
          <Trans>Vertrag widerrufen</Trans>
        </Button>
        <Paper withBorder radius="md" p="lg" mt="md" className={classes.text}>
          <PostForm form={{ ...declaration, name: 'withdrawal', postedError: null }} aria-label={t`Widerrufserklärung`}>
            <Stack gap="md">
              <Text>
                <Trans>Hiermit widerrufe ich den Vertrag über die folgende Bestellung:</Trans>
              </Text>
              <TextInput label={t`Name`} autoComplete="name" required maxLength={WITHDRAWAL_LIMITS.name} {...field('name')} />
              <TextInput
                label={t`Bestellnummer`}
                description={t`Sie steht in Ihrer Bestellbestätigung, zum Beispiel SB-260302-K7M2Q.`}
                required
                maxLength={WITHDRAWAL_LIMITS.orderNumber}
                {...field('orderNumber')}
              />
              <TextInput
                label={t`E-Mail-Adresse der Bestellung`}
                description={t`Die Adresse, mit der Sie bestellt haben: Dorthin senden wir die Eingangsbestätigung.`}
                type="email"
                autoComplete="email"
                required
                {...field('email')}
              />
              <Textarea label={t`Nachricht (freiwillig)`} rows={4} maxLength={WITHDRAWAL_LIMITS.message} {...field('message')} />
              {refusal && (
                <Alert color="red" role="alert" data-testid="withdrawal-error">
                  <Text size="sm">{refusal}</Text>
                  <Text size="sm" mt={4}>
                    <Anchor href={`mailto:${details.email}`} inherit>
                      {details.email}
                    </Anchor>
                  </Text>
                </Alert>
              )}
              <SubmitButton form={declaration} size="md" style={{ alignSelf: 'flex-start' }}>
                <Trans>Widerruf bestätigen</Trans>
              </SubmitButton>
              <PrivacyNotice kind="withdrawal" />
            </Stack>
          </PostForm>
        </Paper>
      </details>
    );
  }

  return (
    <PageShell>
      <Container size="sm" py={48}>
        <Stack gap="lg">
          <Title order={1}>
            <Trans>Vertrag widerrufen</Trans>
          </Title>
          <Text>
            <Trans>
              Hier widerrufen Sie eine Bestellung aus unserem Shop, ohne Anmeldung. Sie brauchen die Bestellnummer aus Ihrer
              Bestellbestätigung und die E-Mail-Adresse, mit der Sie bestellt haben. Ihre Rechte erklärt die{' '}
              <AnchorLink to="/widerruf">Widerrufsbelehrung</AnchorLink>.
            </Trans>
          </Text>
          {content}
        </Stack>
      </Container>
    </PageShell>
  );
}
