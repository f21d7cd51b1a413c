import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useSiteConfig } from '@client/features/site/use-site-config';
import { AnchorLink } from '@client/components/links';
import { Logo } from './Logo';
import { FOOTER_LINKS, LEGAL_LINKS, SHOP_LEGAL_LINKS } from './nav-links';
import classes from './SiteFooter.module.css';
import { telHref } from '@client/lib/tel-href';
import { teamYearAt } from '@shared/team-wall-time';

export function SiteFooter() {
  const { i18n, t } = useLingui();
  const { data: site } = useSiteConfig();
  // The year from the page's data, never this browser's clock while rendering (hydration).
  const year = site ? teamYearAt(site.serverTime) : '';
  const orgName = site?.orgName ?? '';
  // While the shop takes orders, and after it stopped while orders are kept: their terms and the
  // withdrawal button stay linked for the withdrawal period and beyond (ADR 055).
  const shopLegalLinks = site?.shopOrdersEnabled || site?.shopHistory ? SHOP_LEGAL_LINKS : [];
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="sm">
            <Logo />
            <Text size="sm" c="gray.7">
              <Trans>
                Solarbetriebene, per Satellit vernetzte Klassenzimmer im Container – für Gemeinschaften, die noch keine Schule haben.
              </Trans>
            </Text>
          </Stack>
          <nav aria-labelledby="footer-links-title">
            <Title order={2} size="h5" id="footer-links-title" mb="sm">
              <Trans>Schnellzugriff</Trans>
            </Title>
            <ul className={classes.list}>
              {FOOTER_LINKS.map((link) => (
                <li key={`${link.to}-${link.label.id}`}>
                  <AnchorLink to={link.to} size="sm" c="gray.8">
                    {i18n._(link.label)}
                  </AnchorLink>
                </li>
              ))}
            </ul>
          </nav>
          <Stack gap="xs">
            <Title order={2} size="h5">
              <Trans>Kontakt</Trans>
            </Title>
            {site && (
              <address className={classes.address} data-testid="footer-contact">
                <Anchor href={`mailto:${site.contact.email}`} size="sm" c="gray.8" className={classes.row}>
                  <IconMail size={16} aria-hidden /> {site.contact.email}
                </Anchor>
                <Anchor href={telHref(site.contact.phone)} size="sm" c="gray.8" className={classes.row}>
                  <IconPhone size={16} aria-hidden /> {site.contact.phone}
                </Anchor>
                <Text size="sm" c="gray.8" className={classes.row}>
                  <IconMapPin size={16} aria-hidden /> {site.contact.address}
                </Text>
              </address>
            )}
          </Stack>
        </SimpleGrid>
        <div className={classes.bottom}>
          {/* The configured association (ORG_NAME), as the Impressum and every mail's footer name it. */}
          <Text size="sm" c="gray.7" data-testid="footer-copyright">
            <Trans>
              © {year} {orgName} – Alle Rechte vorbehalten.
            </Trans>
          </Text>
          {/* On every page, as plain links (§ 5 DDG: "unmittelbar erreichbar"); the shop's terms as above. */}
          <nav aria-label={t`Rechtliches`}>
            <ul className={classes.legalList} data-testid="footer-legal-links">
              {[...LEGAL_LINKS, ...shopLegalLinks].map((link) => (
                <li key={link.to}>
                  <AnchorLink to={link.to} size="sm" c="gray.8">
                    {i18n._(link.label)}
                  </AnchorLink>
                </li>
              ))}
              <li>
                <AnchorLink to="/auth" size="sm" c="gray.8">
                  <Trans>Blog-Login</Trans>
                </AnchorLink>
              </li>
            </ul>
          </nav>
        </div>
      </Container>
    </footer>
  );
}
