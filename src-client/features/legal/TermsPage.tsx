import { Trans } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { TERMS_DATE } from '@shared/legal/shop-terms';
import { termsTemplates } from '@shared/legal/terms';
import { useLocale } from '@client/i18n/LocaleProvider';
import { useTRPC } from '@client/trpc';
import { legalDetailsQuery } from './legal-details-query';
import { LegalTextPage } from './LegalTextPage';

/** /agb: the shop's terms of sale in the page's language, from the template and the settings (ADR 026). */
export function TermsPage() {
  const { data: details } = useSuspenseQuery(legalDetailsQuery(useTRPC()));
  const { locale } = useLocale();
  return <LegalTextPage title={<Trans>AGB</Trans>} version={TERMS_DATE} document={termsTemplates[locale](details)} />;
}
