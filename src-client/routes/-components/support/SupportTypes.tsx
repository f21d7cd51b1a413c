import { Trans, useLingui } from '@lingui/react/macro';

import { IconArrowRight } from '@tabler/icons-react';
import { ButtonLink } from '@client/components/links';
import { CardGrid } from '@client/components/page/CardGrid';
import { CheckList } from '@client/components/page/CheckList';
import { InfoCard } from '@client/components/page/InfoCard';
import { PageSection } from '@client/components/page/PageSection';
import { SUPPORT_TYPES } from './support-content';

/** In-kind, corporate and direct support: four examples each and a button to /contact (direct gifts: /spenden). */
export function SupportTypes() {
  const { i18n } = useLingui();
  return (
    <PageSection
      id="support-types"
      title={<Trans>Drei Wege zu helfen</Trans>}
      intro={<Trans>Wählen Sie, was zu Ihnen passt – wir beraten Sie gern persönlich.</Trans>}
    >
      <CardGrid cols={3}>
        {SUPPORT_TYPES.map((type) => (
          <InfoCard key={type.key} icon={type.icon} title={i18n._(type.title)} text={i18n._(type.text)} data-testid="support-type">
            <CheckList
              itemTestId="support-type-example"
              items={type.examples.map((example) => ({ key: example.id, content: i18n._(example) }))}
            />
            <ButtonLink to={type.to} variant="light" mt="auto" mih={44} rightSection={<IconArrowRight size={16} aria-hidden />}>
              {i18n._(type.action)}
            </ButtonLink>
          </InfoCard>
        ))}
      </CardGrid>
    </PageSection>
  );
}
