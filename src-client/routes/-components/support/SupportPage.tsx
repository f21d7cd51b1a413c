import { Trans } from '@lingui/react/macro';
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowDown, IconArrowRight, IconBuildingCommunity, IconHeart, IconHeartHandshake } from '@tabler/icons-react';
import heroImage from '@client/assets/illustrations/support-hero.svg';
import { ButtonLink } from '@client/components/links';
import { ActionGroup } from '@client/components/page/ActionGroup';
import { PageCallToAction } from '@client/components/page/PageCallToAction';
import { PageHero } from '@client/components/page/PageHero';
import { PageShell } from '@client/components/page/PageShell';
import pageClasses from '@client/components/page/page.module.css';
import { BankDetails } from './BankDetails';
import { CostCards } from './CostCards';
import { ImpactLevels } from './ImpactLevels';
import { SupportTypes } from './SupportTypes';
import { TransparencyBlock } from './TransparencyBlock';

/** The card that sends companies on to /partnership. */
function PartnershipCard() {
  return (
    <section className={pageClasses.section} aria-labelledby="partnership-card-title">
      <Container size="md">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} data-testid="support-partnership-card">
          <Stack gap="md" align="flex-start">
            <ThemeIcon size={48} radius="md" variant="light">
              <IconBuildingCommunity size={28} aria-hidden />
            </ThemeIcon>
            <Title order={2} size="h3" id="partnership-card-title">
              <Trans>Partnerschaft für Unternehmen</Trans>
            </Title>
            <Text c="gray.8">
              <Trans>
                Titel-, Marketing- oder Bildungspartnerschaft: Gemeinsam entwickeln wir ein Engagement, das zu Ihrem Unternehmen passt – mit
                klaren Zielen und regelmäßigen Berichten über die Wirkung.
              </Trans>
            </Text>
            <ActionGroup>
              <ButtonLink to="/partnership" size="md" rightSection={<IconArrowRight size={18} aria-hidden />}>
                <Trans>Partnerschaften entdecken</Trans>
              </ButtonLink>
            </ActionGroup>
          </Stack>
        </Paper>
      </Container>
    </section>
  );
}

/** /support (also the target of "Spenden"): ways to help, impact levels, costs, transparency and bank details. */
export function SupportPage() {
  return (
    <PageShell>
      <PageHero
        eyebrow={<Trans>Unterstützen</Trans>}
        title={<Trans>Bauen Sie mit uns die nächste Schule</Trans>}
        lead={
          <Trans>
            Ob Solarmodul, Firmenpartnerschaft oder Spende: Jeder Beitrag bringt eine SchoolBox näher zu den Kindern, die auf sie warten.
            Hier sehen Sie, wie Sie helfen können und was Ihre Unterstützung bewirkt.
          </Trans>
        }
        actions={
          <>
            <Button component="a" href="#support-types" size="md" rightSection={<IconArrowDown size={18} aria-hidden />}>
              <Trans>Wege zu helfen</Trans>
            </Button>
            <ButtonLink to="/partnership" size="md" variant="outline" leftSection={<IconHeartHandshake size={18} aria-hidden />}>
              <Trans>Partner werden</Trans>
            </ButtonLink>
          </>
        }
        image={{ src: heroImage, alt: '', aspectRatio: 640 / 420 }}
      />
      <SupportTypes />
      <ImpactLevels />
      <PartnershipCard />
      <CostCards />
      <TransparencyBlock />
      <BankDetails />
      <PageCallToAction
        id="support-cta"
        title={<Trans>Bereit, etwas zu bewegen?</Trans>}
        text={
          <Trans>
            Schreiben Sie uns, wie Sie helfen möchten – als Spenderin oder Spender, mit einer Sachspende oder als Partner. Wir melden uns
            innerhalb von zwei Werktagen.
          </Trans>
        }
      >
        <ButtonLink to="/spenden" size="md" leftSection={<IconHeart size={18} aria-hidden />}>
          <Trans>Jetzt spenden</Trans>
        </ButtonLink>
        <ButtonLink to="/contact" size="md" variant="outline" leftSection={<IconHeartHandshake size={18} aria-hidden />}>
          <Trans>Partner werden</Trans>
        </ButtonLink>
      </PageCallToAction>
    </PageShell>
  );
}
