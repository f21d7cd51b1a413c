import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { CardGrid } from '@client/components/page/CardGrid';
import { formatWholeEuros } from '@client/components/page/format-euros';
import { InfoCard } from '@client/components/page/InfoCard';
import { PageSection } from '@client/components/page/PageSection';
import { IMPACT_LEVELS } from './support-content';
import classes from './support.module.css';

/** Supporter, contributor, champion and sponsor, each with an amount and what it pays for. */
export function ImpactLevels() {
  const { i18n } = useLingui();
  return (
    <PageSection
      id="impact-levels"
      tone="tinted"
      title={<Trans>Was Ihre Spende bewirkt</Trans>}
      intro={<Trans>Vier Beispiele, wie weit ein Beitrag reicht. Jeder Betrag hilft – auch ein kleinerer.</Trans>}
    >
      <CardGrid cols={4}>
        {IMPACT_LEVELS.map((level) => (
          <InfoCard
            key={level.key}
            icon={level.icon}
            title={i18n._(level.title)}
            text={i18n._(level.text)}
            data-testid="support-impact-level"
          >
            <Text className={classes.amount} mt="auto" data-testid="support-impact-amount">
              {formatWholeEuros(level.amountCents)}
            </Text>
          </InfoCard>
        ))}
      </CardGrid>
    </PageSection>
  );
}
