import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Group, Text } from '@mantine/core';
import { defaultStringifySearch, useLocation, useRouter } from '@tanstack/react-router';
import { LOCALE_NAMES, LOCALE_SEARCH_PARAM, LOCALES } from '@shared/locales';
import { useLocale } from '@client/i18n/LocaleProvider';
import { rememberLocale } from '@client/i18n/locale-storage';
import { isUnknownPath } from '@client/lib/unknown-path';
import classes from './LanguageBar.module.css';

/**
 * The strip above the navigation: the mission statement and the language switcher. The switcher is
 * made of links to this page with `?lang=`: following one is a full page load that the server renders
 * in that language, and the server remembers the choice in the `lang` cookie (so it works without
 * scripts). With scripts the browser remembers it too (cookie and localStorage) before it leaves.
 */
export function LanguageBar() {
  const { t } = useLingui();
  const { locale } = useLocale();
  const { pathname, search } = useLocation();
  // On the 404 page of an unknown address the links name no path ("?lang=en" is this address in the
  // browser): the server sends one cached rendering of that page for every such address (ADR 043).
  const path = isUnknownPath(useRouter(), pathname) ? '' : pathname;
  return (
    <div className={classes.bar}>
      <Container size="lg" className={classes.inner}>
        <Text size="sm" className={classes.mission}>
          <Trans>Bildung für jedes Kind – mit Sonnenstrom, Satelliteninternet und einem Klassenzimmer im Container.</Trans>
        </Text>
        <Group gap={4} role="group" aria-label={t`Sprache wählen`}>
          {LOCALES.map((code) => (
            <a
              key={code}
              href={`${path}${defaultStringifySearch({ ...(path ? search : {}), [LOCALE_SEARCH_PARAM]: code })}`}
              hrefLang={code}
              lang={code}
              className={classes.language}
              data-active={code === locale || undefined}
              aria-current={code === locale ? 'page' : undefined}
              onClick={() => rememberLocale(code)}
            >
              {LOCALE_NAMES[code]}
            </a>
          ))}
        </Group>
      </Container>
    </div>
  );
}
