import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { COLOR_THEME_LABELS, COLOR_THEME_PALETTES, COLOR_THEMES, colorThemeClass } from '@client/features/theme/color-themes';
import { useColorTheme } from '@client/features/theme/ColorThemeProvider';
import classes from './color-theme.module.css';

/** /color-theme: pick one of the site's colour themes, shown at once, for this visit only. */
export function ColorThemePage() {
  const { t, i18n } = useLingui();
  const { colorTheme, setColorTheme } = useColorTheme();
  return (
    <Container size="lg" py={48}>
      <Stack gap="xs" mb="xl">
        <Title order={1}>
          <Trans>Farbthemen</Trans>
        </Title>
        <Text c="gray.7" maw={680}>
          <Trans>Wählen Sie ein Farbthema für die Website. Die Auswahl gilt sofort und nur für diesen Besuch.</Trans>
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" role="group" aria-label={t`Farbthema wählen`}>
        {COLOR_THEMES.map((name) => {
          const palette = COLOR_THEME_PALETTES[name];
          const active = name === colorTheme;
          return (
            <UnstyledButton
              key={name}
              onClick={() => setColorTheme(name)}
              aria-pressed={active}
              className={classes.option}
              data-active={active || undefined}
              data-theme-class={colorThemeClass(name)}
            >
              <Card withBorder radius="md" padding="md">
                <Group justify="space-between" mb="sm">
                  <Text fw={700}>{i18n._(COLOR_THEME_LABELS[name])}</Text>
                  {active && <IconCheck size={20} aria-hidden />}
                </Group>
                <Group gap={0} className={classes.swatches} aria-hidden>
                  {[2, 4, 6, 8, 9].map((shade) => (
                    <span key={shade} className={classes.swatch} style={{ background: palette[shade] }} />
                  ))}
                </Group>
              </Card>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Card withBorder radius="md" mt="xl" padding="lg">
        <Title order={2} size="h4" mb="sm">
          <Trans>Vorschau</Trans>
        </Title>
        <Group>
          <Button>
            <Trans>Primäre Schaltfläche</Trans>
          </Button>
          <Button variant="outline">
            <Trans>Umriss</Trans>
          </Button>
          <Button variant="light">
            <Trans>Hell</Trans>
          </Button>
        </Group>
      </Card>
    </Container>
  );
}
