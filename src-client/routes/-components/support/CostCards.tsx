import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { CardGrid } from '@client/components/page/CardGrid';
import { CheckList } from '@client/components/page/CheckList';
import { formatWholeEuros } from '@shared/money';
import { InfoCard } from '@client/components/page/InfoCard';
import { PageSection } from '@client/components/page/PageSection';
import { PROJECT_TOTAL_CENTS } from './project-costs';
import { PROJECT_COSTS } from './support-content';
import classes from './support.module.css';

/** The three project cost cards (school box, transport, installation) and their total. */
export function CostCards() {
  const { i18n } = useLingui();
  const total = formatWholeEuros(PROJECT_TOTAL_CENTS);
  return (
    <PageSection
      id="costs"
      tone="tinted"
      title={<Trans>Was eine SchoolBox kostet</Trans>}
      intro={<Trans>Eine vollständige SchoolBox kostet rund {total}. So setzt sich der Betrag zusammen:</Trans>}
    >
      <CardGrid cols={3}>
        {PROJECT_COSTS.map((card) => (
          <InfoCard key={card.key} icon={card.icon} title={i18n._(card.title)} data-testid="support-cost-card">
            <Text className={classes.amount} data-testid="support-cost-amount">
              {formatWholeEuros(card.amountCents)}
            </Text>
            <CheckList itemTestId="support-cost-item" items={card.items.map((item) => ({ key: item.id, content: i18n._(item) }))} />
            <Text className={classes.inKindNote} component="p" data-testid="support-cost-in-kind">
              <IconGift size={16} aria-hidden style={{ verticalAlign: '-3px', marginRight: 6 }} />
              {i18n._(card.inKindNote)}
            </Text>
          </InfoCard>
        ))}
      </CardGrid>
      <Text className={classes.total} mt="xl">
        <Trans>Gesamt: {total} pro SchoolBox</Trans>
      </Text>
    </PageSection>
  );
}
