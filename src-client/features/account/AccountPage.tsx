import { Trans, useLingui } from '@lingui/react/macro';
import { Container, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@shared/schemas/auth';
import { PageShell } from '@client/components/page/PageShell';
import { legalDetailsQuery } from '@client/features/legal/legal-details-query';
import { useTRPC } from '@client/trpc';
import { AccountSection } from './AccountSection';
import { DataExport } from './DataExport';
import { DeleteAccountForm } from './DeleteAccountForm';
import { EmailForm } from './EmailForm';
import { MyOrders } from './MyOrders';
import { NameForm } from './NameForm';
import { PasswordForm } from './PasswordForm';
import { TwoFactorSection } from './two-factor/TwoFactorSection';

/**
 * /account (issue 17, ADR 028): the signed-in user's orders and data rights — change name, password and
 * e-mail address, download their data, delete the account. The route lets only a signed-in user in.
 */
export function AccountPage({ user, twoFactorRequired = false }: { user: SessionUser; twoFactorRequired?: boolean }) {
  const { t } = useLingui();
  const legal = useQuery(legalDetailsQuery(useTRPC())).data;
  const orderYears = legal?.retention.orderYears;
  const contactDays = legal?.retention.contactDays;
  const email = user.email;

  return (
    <PageShell>
      <Container size="sm" py={48}>
        <Stack gap="xl">
          <Stack gap="xs">
            <Title order={1}>
              <Trans>Mein Konto</Trans>
            </Title>
            <Text c="gray.7">
              <Trans>Angemeldet als {email}</Trans>
            </Text>
          </Stack>

          <AccountSection id="orders" title={t`Meine Bestellungen`}>
            <MyOrders />
          </AccountSection>

          <AccountSection id="name" title={t`Name`}>
            {/* A new key after a save elsewhere (another tab) starts the form from the stored name. */}
            <NameForm key={`${user.firstName}\n${user.lastName}`} user={user} />
          </AccountSection>

          <AccountSection
            id="two-factor"
            title={t`Zwei-Faktor-Anmeldung`}
            intro={t`Nach dem Passwort fragt die Anmeldung nach einem Code aus einer Authenticator-App auf Ihrem Telefon. Wer nur Ihr Passwort kennt, kommt so nicht in Ihr Konto.`}
          >
            <TwoFactorSection sentHere={twoFactorRequired} />
          </AccountSection>

          <AccountSection id="password" title={t`Passwort ändern`} intro={t`Danach sind Sie nur noch in diesem Browser angemeldet.`}>
            <PasswordForm />
          </AccountSection>

          <AccountSection
            id="email"
            title={t`E-Mail-Adresse ändern`}
            intro={t`Wir schicken einen Bestätigungslink an die neue Adresse und einen Hinweis an die bisherige.`}
          >
            <EmailForm />
          </AccountSection>

          <AccountSection
            id="data"
            title={t`Meine Daten herunterladen`}
            intro={t`Eine JSON-Datei mit Ihrem Konto, Ihren Bestellungen, Ihren Spenden, Ihrem Newsletter-Abonnement samt Einwilligungsnachweis und den Nachrichten, die Sie angemeldet über das Kontaktformular geschickt haben.`}
          >
            <DataExport />
          </AccountSection>

          <AccountSection id="delete" title={t`Konto löschen`}>
            <List spacing={4} size="sm">
              <List.Item>
                <Trans>Ihr Konto, Ihre Anmeldungen und offene E-Mail-Links werden sofort gelöscht.</Trans>
              </List.Item>
              <List.Item>
                {orderYears === undefined ? (
                  <Trans>
                    Ihre Bestellungen bewahren wir auf, solange das Steuerrecht es verlangt; danach werden sie von Ihrem Namen und Ihrer
                    E-Mail-Adresse getrennt.
                  </Trans>
                ) : (
                  <Trans>
                    Ihre Bestellungen bewahren wir auf, solange das Steuerrecht es verlangt ({orderYears} Jahre); danach werden sie von
                    Ihrem Namen und Ihrer E-Mail-Adresse getrennt.
                  </Trans>
                )}
              </List.Item>
              <List.Item>
                {/* Donations are not tied to the account (src-server/account/actions.ts leaves them alone). */}
                {orderYears === undefined ? (
                  <Trans>
                    Spenden, die Sie über unser Spendenformular gegeben haben, bleiben mit Ihrer E-Mail-Adresse und, falls angegeben, Ihrem
                    Namen gespeichert, solange das Steuerrecht es verlangt. Eine monatliche Spende läuft weiter; Sie beenden sie über den
                    Link in Ihrer letzten Dankes-E-Mail.
                  </Trans>
                ) : (
                  <Trans>
                    Spenden, die Sie über unser Spendenformular gegeben haben, bleiben mit Ihrer E-Mail-Adresse und, falls angegeben, Ihrem
                    Namen gespeichert, solange das Steuerrecht es verlangt ({orderYears} Jahre). Eine monatliche Spende läuft weiter; Sie
                    beenden sie über den Link in Ihrer letzten Dankes-E-Mail.
                  </Trans>
                )}
              </List.Item>
              <List.Item>
                {contactDays === undefined ? (
                  <Trans>
                    Nachrichten, die Sie über das Kontaktformular geschickt haben, werden von Ihrem Konto getrennt und bleiben, damit wir
                    Ihre Anfrage noch beantworten können, bis sie nach einer festen Frist automatisch gelöscht werden.
                  </Trans>
                ) : (
                  <Trans>
                    Nachrichten, die Sie über das Kontaktformular geschickt haben, werden von Ihrem Konto getrennt und bleiben, damit wir
                    Ihre Anfrage noch beantworten können, bis sie {contactDays} Tage nach dem Absenden automatisch gelöscht werden.
                  </Trans>
                )}
              </List.Item>
              <List.Item>
                <Trans>Ein Newsletter-Abonnement bleibt bestehen; Sie beenden es über den Link in jedem Newsletter.</Trans>
              </List.Item>
            </List>
            <DeleteAccountForm />
          </AccountSection>
        </Stack>
      </Container>
    </PageShell>
  );
}
