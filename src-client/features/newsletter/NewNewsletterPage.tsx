import { Trans } from '@lingui/react/macro';
import { Container } from '@mantine/core';
import { NewsletterAdminHeader } from './NewsletterAdminHeader';
import { NewsletterEditor } from './NewsletterEditor';

/** A new newsletter: once saved as a draft, its own page (/newsletter-admin/<id>) takes over. */
export function NewNewsletterPage() {
  return (
    <Container size="lg" py={48}>
      <NewsletterAdminHeader backToList title={<Trans>Neuer Newsletter</Trans>} />
      <NewsletterEditor newsletter={null} />
    </Container>
  );
}
