import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Group, Text, UnstyledButton } from '@mantine/core';
import { LOCALE_NAMES, LOCALES } from '@shared/locales';
import { useLocale } from '@client/i18n/LocaleProvider';
import classes from './LanguageBar.module.css';

/** The strip above the navigation: the mission statement and the language switcher. */
export function LanguageBar() {
  const { t } = useLingui();
  const { locale, setLocale } = useLocale();
  return (
    <div className={classes.bar}>
      <Container size="lg" className={classes.inner}>
        <Text size="sm" className={classes.mission}>
          <Trans>Bildung für jedes Kind – mit Sonnenstrom, Satelliteninternet und einem Klassenzimmer im Container.</Trans>
        </Text>
        <Group gap={4} role="group" aria-label={t`Sprache wählen`}>
          {LOCALES.map((code) => (
            <UnstyledButton
              key={code}
              lang={code}
              className={classes.language}
              data-active={code === locale || undefined}
              aria-pressed={code === locale}
              onClick={() => void setLocale(code)}
            >
              {LOCALE_NAMES[code]}
            </UnstyledButton>
          ))}
        </Group>
      </Container>
    </div>
  );
}
