import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { AnchorLink } from '@client/components/links';

/**
 * The short notice under every form that collects personal data (Art. 13 GDPR, layered notice): what
 * happens to the data, one click from the full privacy policy.
 */
export function PrivacyNotice() {
  return (
    <Text size="xs" c="gray.7" data-testid="privacy-notice">
      <Trans>
        Wir verwenden Ihre Angaben nur für diesen Zweck. Mehr dazu in unserer{' '}
        <AnchorLink to="/datenschutz" size="xs" inherit>
          Datenschutzerklärung
        </AnchorLink>
        .
      </Trans>
    </Text>
  );
}
