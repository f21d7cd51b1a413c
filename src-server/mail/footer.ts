import { t } from '@lingui/core/macro';
import { LOCALE_SEARCH_PARAM, toLocale } from '@shared/locales';
import type { Config } from '../config';
import { i18nFor } from '../lib/i18n';

/**
 * Who sends the mail and where its legal pages are: every mail the site sends ends with the association's
 * name and links to the Impressum and the privacy policy (§ 5 DDG, Art. 13 GDPR), in the mail's language.
 */
export type MailFooter = { orgName: string; publicUrl: string };

export function mailFooterOf(config: Pick<Config, 'publicUrl' | 'legal'>): MailFooter {
  return { orgName: config.legal.orgName, publicUrl: config.publicUrl };
}

export type MailFooterLines = { orgName: string; links: { label: string; url: string }[] };

/** The footer's name and links, the pages opening in the mail's language (?lang= even for German). */
export function mailFooterLines(footer: MailFooter, lang: string): MailFooterLines {
  const locale = toLocale(lang);
  const i18n = i18nFor(locale);
  const url = (path: string) => `${footer.publicUrl}${path}?${LOCALE_SEARCH_PARAM}=${locale}`;
  return {
    orgName: footer.orgName,
    links: [
      { label: t(i18n)`Impressum`, url: url('/impressum') },
      { label: t(i18n)`Datenschutz`, url: url('/datenschutz') },
    ],
  };
}
