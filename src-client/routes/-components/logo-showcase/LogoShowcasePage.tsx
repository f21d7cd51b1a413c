import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import heroImage from '@client/assets/illustrations/logo-hero.svg';
import { ActionGroup } from '@client/components/page/ActionGroup';
import { CardGrid } from '@client/components/page/CardGrid';
import { CheckList } from '@client/components/page/CheckList';
import { PageCallToAction } from '@client/components/page/PageCallToAction';
import { PageHero } from '@client/components/page/PageHero';
import { PageSection } from '@client/components/page/PageSection';
import { PageShell } from '@client/components/page/PageShell';
import { BRAND_COLORS, LOGO_VARIANTS, USAGE_RULES, type LogoVariant } from './logo-content';
import classes from './logo.module.css';
import { ContactButton } from '@client/components/page/NextStepButtons';

function VariantCard({ variant }: { variant: LogoVariant }) {
  const { i18n, t } = useLingui();
  const title = i18n._(variant.title);
  const { width, height } = variant.pngSize;
  return (
    <Card withBorder radius="md" padding="lg" h="100%" data-testid="logo-variant" data-variant={variant.key}>
      <Stack gap="md" h="100%">
        <div className={classes.preview} style={{ background: variant.background }} data-variant={variant.key}>
          <img
            src={variant.svg}
            alt={t`SchoolBox-Logo: ${title}`}
            width={variant.key === 'mark' ? 160 : 320}
            height={variant.key === 'mark' ? 160 : 80}
            loading="lazy"
          />
        </div>
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text size="sm" c="gray.7">
          {i18n._(variant.text)}
        </Text>
        <ActionGroup>
          <Button
            component="a"
            href={variant.svg}
            download
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            aria-label={t`${title} als SVG herunterladen`}
          >
            SVG
          </Button>
          <Button
            component="a"
            href={variant.png}
            download
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            aria-label={t`${title} als PNG herunterladen (${width} × ${height} Pixel)`}
          >
            PNG
          </Button>
        </ActionGroup>
        <Text size="xs" c="gray.7" mt="auto">
          <Trans>
            SVG für Druck und Web, PNG mit {width} × {height} Pixeln
          </Trans>
        </Text>
      </Stack>
    </Card>
  );
}

/** /logo-showcase: our logo in four variants, each downloadable as SVG and PNG, with colours and usage rules. */
export function LogoShowcasePage() {
  const { i18n } = useLingui();
  return (
    <PageShell>
      <PageHero
        eyebrow={<Trans>Logo</Trans>}
        title={<Trans>Das SchoolBox-Logo</Trans>}
        lead={
          <Trans>
            Sie berichten über uns oder möchten Ihre Partnerschaft zeigen? Hier finden Sie unser Logo in vier Varianten, jeweils als SVG für
            Druck und Web und als PNG. Bitte verwenden Sie die Dateien unverändert.
          </Trans>
        }
        image={{ src: heroImage, alt: '', aspectRatio: 640 / 420 }}
      />

      <PageSection id="variants" title={<Trans>Vier Varianten zum Herunterladen</Trans>}>
        <CardGrid cols={4}>
          {LOGO_VARIANTS.map((variant) => (
            <VariantCard key={variant.key} variant={variant} />
          ))}
        </CardGrid>
      </PageSection>

      <PageSection id="colors" tone="tinted" title={<Trans>Unsere Farben</Trans>}>
        <CardGrid cols={4}>
          {BRAND_COLORS.map((color) => (
            <Card key={color.key} withBorder radius="md" padding="md" h="100%" data-testid="logo-color">
              <div className={classes.swatch} style={{ background: color.hex }} aria-hidden />
              <Text fw={600} mt="sm" c="gray.9">
                {i18n._(color.name)}
              </Text>
              <Text size="sm" c="gray.8" className={classes.hex}>
                {color.hex}
              </Text>
            </Card>
          ))}
        </CardGrid>
      </PageSection>

      <PageSection id="usage" size="md" title={<Trans>Hinweise zur Verwendung</Trans>}>
        <CheckList
          size="md"
          itemTestId="logo-usage-rule"
          items={USAGE_RULES.map((rule) => ({ key: rule.key, content: i18n._(rule.text) }))}
        />
      </PageSection>

      <PageCallToAction
        id="logo-cta"
        title={<Trans>Sie brauchen ein anderes Format?</Trans>}
        text={<Trans>Für Druckdaten in weiteren Formaten oder Fragen zur Verwendung unseres Logos schreiben Sie uns gern.</Trans>}
      >
        <ContactButton />
      </PageCallToAction>
    </PageShell>
  );
}
