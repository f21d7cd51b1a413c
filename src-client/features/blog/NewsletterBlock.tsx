import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { subscribeSchema } from '@shared/schemas/newsletter';
import { useLocale } from '@client/i18n/LocaleProvider';
import { errorMessageFor } from '@client/i18n/error-messages';
import { fieldErrors } from '@client/lib/field-errors';
import { trpc } from '@client/trpc';

/** The newsletter sign-up (double opt-in: the address counts only after the link in our e-mail). */
export function NewsletterBlock() {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const subscribe = useMutation(trpc.newsletter.subscribe.mutationOptions());

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = subscribeSchema.safeParse({ email, locale });
    if (!parsed.success) return setError(fieldErrors(parsed.error, (d) => i18n._(d)).email);
    setError(undefined);
    try {
      await subscribe.mutateAsync(parsed.data);
      setEmail('');
    } catch (failure) {
      setError(i18n._(errorMessageFor(failure)));
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="var(--mantine-primary-color-0)" component="section" aria-labelledby="newsletter-title">
      <Stack gap="sm" align="center" ta="center">
        <Title order={2} id="newsletter-title">
          <Trans>Newsletter abonnieren</Trans>
        </Title>
        <Text c="gray.8" maw={520}>
          <Trans>Erhalten Sie Neuigkeiten aus unserem Projekt direkt in Ihr Postfach – etwa einmal im Monat, jederzeit abbestellbar.</Trans>
        </Text>
        {subscribe.isSuccess ? (
          <Alert color="green" title={t`Fast geschafft!`} role="status">
            <Trans>Bitte bestätigen Sie Ihr Abonnement über den Link in der E-Mail, die wir Ihnen gerade geschickt haben.</Trans>
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate aria-label={t`Newsletter abonnieren`}>
            <Group gap="sm" align="flex-start" justify="center">
              <TextInput
                type="email"
                autoComplete="email"
                aria-label={t`E-Mail-Adresse`}
                placeholder={t`ihre@email.de`}
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                error={error}
                w={{ base: '100%', xs: 300 }}
              />
              <Button type="submit" loading={subscribe.isPending} disabled={subscribe.isPending}>
                <Trans>Abonnieren</Trans>
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
