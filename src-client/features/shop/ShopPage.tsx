import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Container, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import type { AppErrorCode } from '@shared/errors';
import { CardGrid } from '@client/components/page/CardGrid';
import { FigureList } from '@client/components/page/FigureList';
import { InfoCard } from '@client/components/page/InfoCard';
import { PageHero } from '@client/components/page/PageHero';
import { PageSection } from '@client/components/page/PageSection';
import { PageShell } from '@client/components/page/PageShell';
import { useSiteConfig } from '@client/features/site/use-site-config';
import { ProductGrid } from './ProductGrid';
import { IMPACT_CARDS, IMPACT_FIGURES } from './shop-content';

/**
 * /shop (spec §2): while orders are off (SHOP_ORDERS_ENABLED=false) a banner says so and every add
 * button reads 'Bald verfügbar'; then the products, the three impact cards, what is coming and the
 * impact statement.
 */
export function ShopPage({ serverErrorCode }: { serverErrorCode: AppErrorCode | null }) {
  const { i18n } = useLingui();
  const canOrder = useSiteConfig().data?.shopOrdersEnabled ?? false;
  return (
    <PageShell>
      <PageHero
        eyebrow={<Trans>Shop</Trans>}
        title={<Trans>Der SchoolBox Shop</Trans>}
        lead={<Trans>T-Shirts, Hoodies, Taschen und mehr: Mit jedem Kauf unterstützt du unsere Bildungsprojekte.</Trans>}
      />

      {!canOrder && (
        <Container size="lg" mt="xl">
          <Alert
            color="blue"
            variant="light"
            icon={<IconBuildingStore aria-hidden />}
            title={<Trans>Unser Shop ist im Aufbau</Trans>}
            data-testid="shop-banner"
          >
            <Text size="sm">
              <Trans>
                Die Integration eines Zahlungsanbieters für Kartenzahlung ist geplant. Du kannst dir die Produkte schon ansehen, echte
                Bestellungen sind aber noch nicht möglich.
              </Trans>
            </Text>
          </Alert>
        </Container>
      )}

      <PageSection id="products" title={<Trans>Unsere Produkte</Trans>}>
        <ProductGrid canOrder={canOrder} serverErrorCode={serverErrorCode} />
      </PageSection>

      <PageSection id="impact" tone="tinted" title={<Trans>Einkaufen mit Wirkung</Trans>}>
        <CardGrid cols={3}>
          {IMPACT_CARDS.map((card) => (
            <InfoCard key={card.key} icon={card.icon} title={i18n._(card.title)} text={i18n._(card.text)} data-testid="shop-impact-card" />
          ))}
        </CardGrid>
      </PageSection>

      <PageSection
        id="coming-soon"
        title={<Trans>Bald im Shop</Trans>}
        intro={
          <Trans>
            Wir arbeiten an weiteren Produkten – von Notizbüchern aus Recyclingpapier bis zum Rucksack für den Schulweg. Schau bald wieder
            vorbei!
          </Trans>
        }
      />

      <PageSection
        id="shop-impact-statement"
        tone="dark"
        centered
        title={<Trans>Deine Wirkung</Trans>}
        intro={<Trans>Jeder Einkauf hilft, einer Gemeinschaft ohne Schule ein eigenes Klassenzimmer zu geben.</Trans>}
      >
        <FigureList
          tone="dark"
          cols={3}
          itemTestId="shop-impact-figure"
          figures={IMPACT_FIGURES.map((figure) => ({ key: figure.key, value: figure.value, label: i18n._(figure.label) }))}
        />
      </PageSection>
    </PageShell>
  );
}
