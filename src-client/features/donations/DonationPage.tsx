import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Container, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useLayoutEffect, useState } from 'react';
// The once/monthly switch: loaded with this page only (tests/unit/mantine-styles.test.ts).
import '@mantine/core/styles/SegmentedControl.css';
import {
  DONATION_MAX_CENTS,
  DONATION_MIN_CENTS,
  DONATION_MODES,
  DONATION_PRESETS_CENTS,
  NAME_MAX_LENGTH,
  SIMPLIFIED_RECEIPT_LIMIT_CENTS,
  type DonationManageFailure,
  type DonationMode,
} from '@shared/constants';
import {
  DONATION_MODE_FIELD,
  DONATION_PRESET_FIELD,
  type DonationFormValues,
  donationInput,
  postedDonationAmount,
} from '@shared/form-inputs';
import { formatCents, formatEuroInput, formatWholeEuros, parseEuroAmount } from '@shared/money';
import { AnchorLink } from '@client/components/links';
import { PageShell } from '@client/components/page/PageShell';
import { PrivacyNotice } from '@client/features/legal/PrivacyNotice';
import { useSiteConfig } from '@client/features/site/use-site-config';
import { useLocale } from '@client/i18n/LocaleProvider';
import { errorMessageFor } from '@client/i18n/error-messages';
import { PostForm } from '@client/lib/forms/PostForm';
import { usePostedForm } from '@client/lib/forms/posted-form';
import { SubmitButton } from '@client/lib/forms/SubmitButton';
import { useSchemaForm } from '@client/lib/forms/use-schema-form';
import { useTRPC } from '@client/trpc';
import { BankAccount, DONATION_REFERENCE } from './BankAccount';
import classes from './DonationPage.module.css';

type Props = {
  amountCents?: number | undefined;
  mode?: DonationMode | undefined;
  /** Why a monthly donor's manage link led here instead of to Stripe's portal (`?verwalten=`). */
  manageFailure?: DonationManageFailure | undefined;
};

/**
 * /spenden (ADR 031): the four amounts of /support as presets or a free amount, one-time or monthly,
 * an optional name and the e-mail for the thank-you. "Jetzt spenden" asks the server for a Stripe
 * Checkout session (amount and mode are decided there) and sends the browser to it. Without Stripe the
 * page keeps the amount and mode choice and shows the bank details with a matching reference, or says
 * plainly that online donations are not set up: nothing pretends to succeed. Without scripts the form
 * posts to /spenden (src-server/donations/form-actions.ts), which sends the browser on to Checkout.
 * A manage link from a thank-you mail that could not open the portal lands here and says why, above the form.
 */
export function DonationPage({ amountCents, mode: initialMode, manageFailure }: Props) {
  const { t } = useLingui();
  const { data: site } = useSiteConfig();
  // After a refused plain post the page shows again with the choice that was sent.
  const postedMode = usePostedForm('donation')?.values[DONATION_MODE_FIELD];
  const [mode, setMode] = useState<DonationMode>(isDonationMode(postedMode) ? postedMode : (initialMode ?? 'one_time'));
  // A choice clicked before the page hydrated is in the DOM only: taken over before the control re-renders
  // (as useSchemaForm does for the fields, use-typed-before-hydration.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates
  useLayoutEffect(() => {
    const chosen = document.querySelector<HTMLInputElement>(`input[name="${DONATION_MODE_FIELD}"]:checked`)?.value;
    if (isDonationMode(chosen) && chosen !== mode) setMode(chosen);
  }, []);
  const online = site?.donationsOnline ?? false;
  const modeChoice = (
    <SegmentedControl
      value={mode}
      onChange={(value) => setMode(value as DonationMode)}
      data={[
        { value: 'one_time', label: t`Einmalig` },
        { value: 'monthly', label: t`Monatlich` },
      ]}
      aria-label={t`Wie oft möchten Sie spenden?`}
      data-testid="donation-mode"
      size="md"
      // Radio buttons of this name: a plain post sends the choice (and their ids stay the same at hydration).
      name={DONATION_MODE_FIELD}
      classNames={{ root: classes.mode, input: classes.modeInput, label: classes.modeLabel }}
    />
  );

  return (
    <PageShell>
      <Container size="sm" py={48}>
        <Stack gap="lg">
          <Title order={1}>
            <Trans>Spenden</Trans>
          </Title>
          <Text>
            <Trans>
              Mit Ihrer Spende bringen Sie Strom, Internet und digitales Lernen an Schulen, die bisher ohne auskommen müssen. Jeder Betrag
              hilft – einmalig oder jeden Monat.
            </Trans>
          </Text>
          {manageFailure && <ManageLinkNotice reason={manageFailure} />}
          {online ? (
            <OnlineDonationForm mode={mode} modeChoice={modeChoice} amountCents={amountCents} />
          ) : (
            <>
              {/* One-time or monthly matters for a transfer's reference; with no bank account to show, there is nothing to choose. */}
              {site?.donation && modeChoice}
              <OfflineDonation mode={mode} amountCents={amountCents} />
            </>
          )}
        </Stack>
      </Container>
    </PageShell>
  );
}

/**
 * Why the "manage your monthly donation" link of a thank-you mail did not open Stripe's portal
 * (src-server/donations/manage-route.ts), and where to go instead: the latest mail's link, or the team.
 * Rendered by the server with the page, so it shows without scripts.
 */
function ManageLinkNotice({ reason }: { reason: DonationManageFailure }) {
  const { t } = useLingui();
  const { data: site } = useSiteConfig();
  const email = site?.contact.email ?? '';
  const texts: Record<DonationManageFailure, React.ReactNode> = {
    expired: (
      <Trans>
        Dieser Link zum Verwalten Ihrer monatlichen Spende ist abgelaufen. Den aktuellen Link finden Sie in Ihrer letzten Dankes-E-Mail;
        oder schreiben Sie uns an <Anchor href={`mailto:${email}`}>{email}</Anchor>.
      </Trans>
    ),
    invalid: (
      <Trans>
        Dieser Link ist ungültig. Den Link zum Verwalten Ihrer monatlichen Spende finden Sie in Ihrer letzten Dankes-E-Mail; oder schreiben
        Sie uns an <Anchor href={`mailto:${email}`}>{email}</Anchor>.
      </Trans>
    ),
    unknown: (
      <Trans>
        Zu diesem Link gibt es keine laufende monatliche Spende (mehr). Bei Fragen zu Ihrer Spende schreiben Sie uns an{' '}
        <Anchor href={`mailto:${email}`}>{email}</Anchor>.
      </Trans>
    ),
    // Most often Stripe's customer portal was never saved in its dashboard (manage-route.ts): trying again
    // later does not help, so the team's address is the way to change or end the donation.
    unavailable: (
      <Trans>
        Die Verwaltung Ihrer monatlichen Spende lässt sich gerade nicht öffnen. Schreiben Sie uns bitte an{' '}
        <Anchor href={`mailto:${email}`}>{email}</Anchor>: Wir ändern oder beenden Ihre Spende dann für Sie.
      </Trans>
    ),
  };
  return (
    <Alert color="yellow" role="alert" title={t`Link zu Ihrer monatlichen Spende`} data-testid="donation-manage-notice">
      {texts[reason]}
    </Alert>
  );
}

function isDonationMode(value: unknown): value is DonationMode {
  return typeof value === 'string' && (DONATION_MODES as readonly string[]).includes(value);
}

type AmountChoiceProps = {
  amount: string;
  onChange(value: string): void;
  error?: React.ReactNode;
  /** The amount field's name and id in a form that posts (useSchemaForm's field). */
  fieldProps?: { name: string; id?: string | undefined };
};

/**
 * The four presets as radio cards bound to the amount field: choosing one fills it, typing its amount
 * selects it. They are real radio buttons (DONATION_PRESET_FIELD): without scripts a click checks one and
 * the form posts it, and the server takes it as the amount when none was typed (postedDonationAmount).
 */
function AmountChoice({ amount, onChange, error, fieldProps }: AmountChoiceProps) {
  const { t } = useLingui();
  const cents = parseEuroAmount(amount);
  // The limits come from the schema's constants; amounts read "25 €" in every language (DESIGN.md: money).
  const minimum = formatWholeEuros(DONATION_MIN_CENTS);
  const maximum = formatWholeEuros(DONATION_MAX_CENTS);
  return (
    <Stack gap="sm">
      <fieldset className={classes.presets}>
        <legend className={classes.presetsLegend}>{t`Betrag`}</legend>
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
          {DONATION_PRESETS_CENTS.map((preset) => (
            <label key={preset} className={classes.preset} data-testid="donation-preset">
              <input
                type="radio"
                name={DONATION_PRESET_FIELD}
                value={String(preset)}
                checked={cents === preset}
                onChange={() => onChange(formatEuroInput(preset))}
                className={classes.presetInput}
              />
              <Text component="span" fw={700}>
                {formatWholeEuros(preset)}
              </Text>
            </label>
          ))}
        </SimpleGrid>
      </fieldset>
      <TextInput
        label={t`Anderer Betrag in Euro`}
        description={t`Zum Beispiel 25 oder 25,50 – mindestens ${minimum}, höchstens ${maximum}.`}
        inputMode="decimal"
        rightSection={<Text c="gray.7">€</Text>}
        value={amount}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        data-testid="donation-amount"
        {...fieldProps}
      />
    </Stack>
  );
}

/**
 * A preset clicked before the page hydrated is checked in the DOM only, and the amount is still empty:
 * taken over once, when the form takes over (after useSchemaForm's own look at the typed fields).
 */
function usePresetChosenBeforeHydration(amount: string, setAmount: (value: string) => void): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates
  useLayoutEffect(() => {
    const chosen = document.querySelector<HTMLInputElement>(`input[name="${DONATION_PRESET_FIELD}"]:checked`)?.value;
    if (chosen !== undefined && amount.trim() === '') setAmount(postedDonationAmount('', chosen));
  }, []);
}

type OnlineDonationFormProps = { mode: DonationMode; modeChoice: React.ReactNode; amountCents?: number | undefined };

function OnlineDonationForm({ mode, modeChoice, amountCents }: OnlineDonationFormProps) {
  const { t, i18n } = useLingui();
  const { locale } = useLocale();
  const start = useMutation(useTRPC().donations.start.mutationOptions());
  const [failure, setFailure] = useState<string | null>(null);
  // After the server answered, the browser is on its way to Stripe: the button stays busy until the page goes.
  const [redirecting, setRedirecting] = useState(false);

  const initialValues: DonationFormValues = { amount: amountCents ? formatEuroInput(amountCents) : '', name: '', email: '' };
  const donation = useSchemaForm({
    name: 'donation',
    schema: () => import('@shared/schemas/donation').then((schemas) => schemas.donationStartSchema),
    initialValues,
    // A preset chosen without scripts came as its radio button: the amount the server read.
    readPosted: (values) => ({ ...values, amount: postedDonationAmount(values.amount ?? '', values[DONATION_PRESET_FIELD]) }),
    toInput: (values) => donationInput(values, mode, locale),
    onSubmit: async (data) => {
      setFailure(null);
      // The procedure reads the amount as typed (the same schema); the checked cents, written back as euros, are that.
      const { url } = await start.mutateAsync({ ...data, amount: formatEuroInput(data.amount) });
      setRedirecting(true);
      window.location.assign(url);
    },
    onError: (error) => setFailure(i18n._(errorMessageFor(error))),
  });
  usePresetChosenBeforeHydration(String(donation.form.values.amount), (value) => donation.form.setFieldValue('amount', value));
  const field = donation.field;
  const amountProps = field('amount');
  const receiptLimit = formatWholeEuros(SIMPLIFIED_RECEIPT_LIMIT_CENTS);

  return (
    // The once/monthly choice above the card belongs to the form: a plain post sends it with the fields.
    <PostForm form={{ ...donation, name: 'donation' }} aria-label={t`Spendenformular`}>
      <Stack gap="lg">
        {modeChoice}
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <AmountChoice
              amount={String(donation.form.values.amount)}
              onChange={(value) => donation.form.setFieldValue('amount', value)}
              error={amountProps.error}
              fieldProps={{ name: amountProps.name, id: amountProps.id }}
            />
            <TextInput label={t`Name (freiwillig)`} autoComplete="name" maxLength={NAME_MAX_LENGTH} {...field('name')} />
            <TextInput
              label={t`E-Mail-Adresse`}
              description={t`Dorthin schicken wir den Dank und die Bestätigung Ihrer Spende.`}
              type="email"
              autoComplete="email"
              required
              {...field('email')}
            />
            {/* Said before paying: the formal receipt names the donor's address, which only Stripe's page asks for (start.ts). */}
            <Text size="sm" c="gray.7" data-testid="donation-receipt-note">
              <Trans>
                Für Spenden über {receiptLimit} – bei monatlichen Spenden je Monat – fragt die Bezahlseite zusätzlich nach Ihrer
                Postanschrift: Dorthin schicken wir Ihnen die Zuwendungsbestätigung für das Finanzamt.
              </Trans>
            </Text>
            {failure && (
              <Alert color="red" role="alert" data-testid="donation-error">
                {failure}
              </Alert>
            )}
            <SubmitButton
              form={{ isSubmitting: donation.isSubmitting || redirecting, isReady: donation.isReady }}
              size="md"
              style={{ alignSelf: 'flex-start' }}
              data-testid="donation-submit"
            >
              {mode === 'monthly' ? <Trans>Monatlich spenden</Trans> : <Trans>Jetzt spenden</Trans>}
            </SubmitButton>
            <Text size="sm" c="gray.7">
              <Trans>
                Sie zahlen auf einer sicheren Seite unseres Zahlungsdienstleisters Stripe, per Karte oder SEPA-Lastschrift. Monatliche
                Spenden können Sie jederzeit selbst beenden.
              </Trans>
            </Text>
            <PrivacyNotice kind="donation" />
          </Stack>
        </Paper>
      </Stack>
    </PostForm>
  );
}

/**
 * The German reference the treasurer matches a transfer by, with the chosen amount and mode ("Spende SchoolBox
 * 25,00 € monatlich"): German in every language, its amount too, like DONATION_REFERENCE itself.
 */
function transferReference(cents: number | null, mode: DonationMode): string {
  const amount = cents === null ? '' : ` ${formatCents(cents)}`;
  return `${DONATION_REFERENCE}${amount}${mode === 'monthly' ? ' monatlich' : ''}`;
}

function OfflineDonation({ mode, amountCents }: { mode: DonationMode; amountCents?: number | undefined }) {
  const { t } = useLingui();
  const { data: site } = useSiteConfig();
  const [amount, setAmount] = useState(amountCents ? formatEuroInput(amountCents) : '');
  usePresetChosenBeforeHydration(amount, setAmount);
  const bank = site?.donation;
  const cents = parseEuroAmount(amount);

  if (!bank) {
    return (
      <Alert color="yellow" role="status" title={t`Online-Spenden sind noch nicht eingerichtet`} data-testid="donation-offline">
        <Trans>
          Auf dieser Website kann gerade noch nicht online gespendet werden. Wenn Sie spenden möchten,{' '}
          <AnchorLink to="/contact">schreiben Sie uns</AnchorLink> – wir melden uns mit den Möglichkeiten.
        </Trans>
      </Alert>
    );
  }
  const reference = transferReference(cents, mode);
  return (
    <Paper withBorder radius="md" p="lg" data-testid="donation-bank-transfer">
      <Stack gap="md">
        <AmountChoice amount={amount} onChange={setAmount} />
        <Text>
          {mode === 'monthly' ? (
            <Trans>
              Online-Spenden sind gerade nicht möglich. Richten Sie bitte bei Ihrer Bank einen monatlichen Dauerauftrag an dieses Konto ein:
            </Trans>
          ) : (
            <Trans>Online-Spenden sind gerade nicht möglich. Bitte überweisen Sie Ihre Spende an dieses Konto:</Trans>
          )}
        </Text>
        <BankAccount bank={bank} reference={reference} />
        <Text size="sm" c="gray.7">
          <Trans>Für eine Zuwendungsbestätigung nennen Sie uns bitte zusätzlich Ihre Anschrift.</Trans>
        </Text>
      </Stack>
    </Paper>
  );
}
