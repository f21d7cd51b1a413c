import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { ButtonLink } from '@client/components/links';
import { CardGrid } from '@client/components/page/CardGrid';
import { formatWholeEuros } from '@shared/money';
import { InfoCard } from '@client/components/page/InfoCard';
import { PageSection } from '@client/components/page/PageSection';
import { IMPACT_LEVELS } from './support-content';
import classes from './support.module.css';

/** Supporter, contributor, champion and sponsor, each with an amount, what it pays for and a button to donate it. */
export function ImpactLevels() {
  const { i18n, t } = useLingui();
  return (
    <PageSection
      id="impact-levels"
      tone="tinted"
      title={<Trans>Was Ihre Spende bewirkt</Trans>}
      intro={<Trans>Vier Beispiele, wie weit ein Beitrag reicht. Jeder Betrag hilft – auch ein kleinerer.</Trans>}
    >
      <CardGrid cols={4}>
        {IMPACT_LEVELS.map((level) => {
          const amount = formatWholeEuros(level.amountCents);
          return (
            <InfoCard
              key={level.key}
              icon={level.icon}
              title={i18n._(level.title)}
              text={i18n._(level.text)}
              data-testid="support-impact-level"
            >
              <Text className={classes.amount} mt="auto" data-testid="support-impact-amount">
                {amount}
              </Text>
              {/* To the donation form with this amount chosen (ADR 031). */}
              <ButtonLink
                to="/spenden"
                search={{ amount: level.amountCents }}
                variant="light"
                mih={44}
                rightSection={<IconArrowRight size={16} aria-hidden />}
                data-testid="support-impact-donate"
              >
                {t`${amount} spenden`}
              </ButtonLink>
            </InfoCard>
          );
        })}
      </CardGrid>
    </PageSection>
  );
}
