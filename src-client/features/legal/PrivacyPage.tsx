import { useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { privacyTemplates } from '@shared/legal/privacy';
import { useLocale } from '@client/i18n/LocaleProvider';
import { useTRPC } from '@client/trpc';
import { legalDetailsQuery } from './legal-details-query';
import { LegalTextPage } from './LegalTextPage';
import { PRIVACY_TITLE } from './privacy-title';

export { PRIVACY_TITLE };

/**
 * /datenschutz (Art. 12–14, 21 GDPR; § 25 TDDDG): the privacy policy in the page's language, built from
 * this installation's settings (`site.legal`) by the per-language template (src-shared/legal/privacy).
 */
export function PrivacyPage() {
  const { i18n } = useLingui();
  const { locale } = useLocale();
  const { data: details } = useSuspenseQuery(legalDetailsQuery(useTRPC()));
  return (
    <LegalTextPage title={i18n._(PRIVACY_TITLE)} version={details.privacyPolicyVersion} document={privacyTemplates[locale](details)} />
  );
}
