import { Trans } from '@lingui/react/macro';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageShell } from '@client/components/page/PageShell';
import { telHref } from '@client/lib/tel-href';
import { useTRPC } from '@client/trpc';
import { legalDetailsQuery } from './legal-details-query';

/** One part of the Impressum: an h2 (with an id for links to it) and its lines. */
function Part({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" id={`${id}-title`} mb="xs">
        {title}
      </Title>
      <Stack gap={4}>{children}</Stack>
    </section>
  );
}

/**
 * The Impressum (§ 5 DDG, § 18 MStV): who runs the site, from the settings (ORG_*, EDITOR_*, SITE_EMAIL,
 * SITE_PHONE). The labels are translated, the facts are the same in every language. No link to the EU
 * ODR platform: it closed in July 2025 (legal-de.md §4.8).
 */
export function ImpressumPage() {
  const { data: legal } = useSuspenseQuery(legalDetailsQuery(useTRPC()));
  const { address, editor } = legal;
  return (
    <PageShell>
      <Container size="md" py={48}>
        <Stack gap="xl">
          <Title order={1} id="page-title">
            <Trans>Impressum</Trans>
          </Title>

          <Part id="anbieter" title={<Trans>Angaben gemäß § 5 DDG</Trans>}>
            <Text fw={700} data-testid="impressum-org-name">
              {legal.orgName}
            </Text>
            <Text>{legal.legalForm}</Text>
            <Text component="address" fs="normal">
              {address.street}
              <br />
              {`${address.postcode} ${address.city}`}
              <br />
              {address.country}
            </Text>
          </Part>

          <Part id="vertretung" title={<Trans>Vertreten durch den Vorstand</Trans>}>
            <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
              {legal.board.map((member) => (
                <li key={`${member.name}-${member.role}`}>
                  <Text span>{`${member.name} (${member.role})`}</Text>
                </li>
              ))}
            </ul>
          </Part>

          <Part id="kontakt" title={<Trans>Kontakt</Trans>}>
            <Text>
              <Trans>E-Mail:</Trans> <Anchor href={`mailto:${legal.email}`}>{legal.email}</Anchor>
            </Text>
            <Text>
              <Trans>Telefon:</Trans> <Anchor href={telHref(legal.phone)}>{legal.phone}</Anchor>
            </Text>
          </Part>

          <Part id="register" title={<Trans>Registereintrag</Trans>}>
            <Text>
              <Trans>Registergericht:</Trans> {legal.registerCourt}
            </Text>
            <Text>
              <Trans>Registernummer:</Trans> {legal.registerNumber}
            </Text>
          </Part>

          {(legal.vatId || legal.economicId) && (
            <Part id="steuer" title={<Trans>Steuerliche Angaben</Trans>}>
              {legal.vatId && (
                <Text data-testid="impressum-vat-id">
                  <Trans>Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG:</Trans> {legal.vatId}
                </Text>
              )}
              {legal.economicId && (
                <Text data-testid="impressum-economic-id">
                  <Trans>Wirtschafts-Identifikationsnummer gemäß § 139c AO:</Trans> {legal.economicId}
                </Text>
              )}
            </Part>
          )}

          <Part id="redaktion" title={<Trans>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</Trans>}>
            <Text>{editor.name}</Text>
            <Text component="address" fs="normal">
              {editor.address}
            </Text>
          </Part>

          <Part id="streitbeilegung" title={<Trans>Verbraucherstreitbeilegung</Trans>}>
            <Text>
              <Trans>
                Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle
                teilzunehmen.
              </Trans>
            </Text>
          </Part>
        </Stack>
      </Container>
    </PageShell>
  );
}
