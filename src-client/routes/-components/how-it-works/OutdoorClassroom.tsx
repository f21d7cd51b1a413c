import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import outdoorImage from '@client/assets/illustrations/outdoor-classroom.svg';
import { SmartImage } from '@client/components/media/SmartImage';
import { CheckList } from '@client/components/page/CheckList';
import { PageSection } from '@client/components/page/PageSection';

const OUTDOOR_FEATURES = [
  { key: 'sail', text: msg`Sonnensegel gegen Hitze und Regen` },
  { key: 'benches', text: msg`Bänke und eine mobile Tafel` },
  { key: 'wifi', text: msg`WLAN im Umkreis von 200 Metern` },
];

/** The second classroom under a shade sail in front of the container. */
export function OutdoorClassroom() {
  const { i18n, t } = useLingui();
  return (
    <PageSection id="outdoor-classroom" tone="tinted" title={<Trans>Das Klassenzimmer unter freiem Himmel</Trans>}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
        <SmartImage
          src={outdoorImage}
          alt={t`Kinder sitzen auf Bänken unter einem Sonnensegel vor der SchoolBox, eine Lehrkraft steht an einer mobilen Tafel`}
          aspectRatio={800 / 450}
        />
        <Stack gap="md" justify="center">
          <Text c="gray.8">
            <Trans>
              Vor dem Container spannt sich ein Sonnensegel. Darunter stehen Bänke und eine mobile Tafel – ein zweites Klassenzimmer für
              Gruppenarbeit, Sport und Versammlungen der Gemeinde, und für heiße Tage, an denen es draußen im Schatten angenehmer ist als
              drinnen.
            </Trans>
          </Text>
          <Text c="gray.8">
            <Trans>
              Das WLAN reicht 200 Meter weit. Die Tablets funktionieren deshalb auch draußen, und abends können Erwachsene das Netz für
              Kurse und Weiterbildung nutzen.
            </Trans>
          </Text>
          <CheckList items={OUTDOOR_FEATURES.map((item) => ({ key: item.key, content: i18n._(item.text) }))} size="md" />
        </Stack>
      </SimpleGrid>
    </PageSection>
  );
}
