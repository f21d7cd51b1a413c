import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { newsletterSignupInput } from '@shared/form-inputs';
import { NEWSLETTER_CONSENT_TEXT } from '@shared/newsletter-consent';
import { PrivacyNotice } from '@client/features/legal/PrivacyNotice';
import { useLocale } from '@client/i18n/LocaleProvider';
import { errorMessageFor } from '@client/i18n/error-messages';
import { PostForm } from '@client/lib/forms/PostForm';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';

/**
 * The newsletter sign-up (double opt-in: the address counts only after the link in our e-mail).
 * The model for every form of the site: the shared schema, useSchemaForm, PostForm, SubmitButton.
 * Without scripts it posts to /blog (src-server/newsletter/form-actions.ts), also from a post's page
 * below it, and the page after the redirect says what the alert here says.
 */
export function NewsletterBlock() {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const { searchStr } = useLocation();
  const subscribe = useMutation(useTRPC().newsletter.subscribe.mutationOptions());
  const newsletter = useSchemaForm({
    name: 'newsletterSignup',
    schema: () => import('@shared/schemas/newsletter').then((schemas) => schemas.subscribeSchema),
    initialValues: { email: '' },
    toInput: (values) => newsletterSignupInput(values, locale),
    onSubmit: (data) => subscribe.mutateAsync(data),
    onError: (error, form) => form.setFieldError('email', i18n._(errorMessageFor(error))),
  });

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      bg="var(--mantine-primary-color-0)"
      component="section"
      aria-labelledby="newsletter-title"
    >
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
          <PostForm form={{ ...newsletter, name: 'newsletterSignup' }} action={`/blog${searchStr}`} aria-label={t`Newsletter abonnieren`}>
            <Group gap="sm" align="flex-start" justify="center">
              <TextInput
                type="email"
                autoComplete="email"
                aria-label={t`E-Mail-Adresse`}
                placeholder={t`ihre@email.de`}
                w={{ base: '100%', xs: 300 }}
                {...newsletter.field('email')}
              />
              <SubmitButton form={newsletter}>
                <Trans>Abonnieren</Trans>
              </SubmitButton>
            </Group>
            {/* The consent itself: the server stores this very sentence with the sign-up (consent record). */}
            <Text size="sm" c="gray.8" maw={520} mx="auto" mt="sm" data-testid="newsletter-consent">
              {i18n._(NEWSLETTER_CONSENT_TEXT)}
            </Text>
            <Text component="div" maw={520} mx="auto" mt={4}>
              <PrivacyNotice kind="newsletter" />
            </Text>
          </PostForm>
        )}
      </Stack>
    </Paper>
  );
}
