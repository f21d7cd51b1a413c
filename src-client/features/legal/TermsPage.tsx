import { Trans } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { termsTemplates } from '@shared/legal/terms';
import { useLocale } from '@client/i18n/LocaleProvider';
import { useTRPC } from '@client/trpc';
import { legalDetailsQuery } from './legal-details-query';
import { LegalTextPage } from './LegalTextPage';

/**
 * /agb: the shop's terms of sale in the page's language, from the template and the settings (ADR 026),
 * dated as the server settled it (a setting that changed the text moves the date: details.textDates).
 */
export function TermsPage() {
  const { data: details } = useSuspenseQuery(legalDetailsQuery(useTRPC()));
  const { locale } = useLocale();
  return <LegalTextPage title={<Trans>AGB</Trans>} version={details.textDates.terms} document={termsTemplates[locale](details)} />;
}
