import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { NewsletterAdminHeader } from '@client/features/newsletter/NewsletterAdminHeader';
import { NewsletterEditor } from '@client/features/newsletter/NewsletterEditor';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/_admin/newsletter-admin/new')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Neuer Newsletter`, msg`Einen Newsletter von SchoolBox verfassen.`),
  component: NewNewsletterPage,
});

/** A new newsletter: once saved as a draft, its own page (/newsletter-admin/<id>) takes over. */
function NewNewsletterPage() {
  return (
    <Container size="lg" py={48}>
      <NewsletterAdminHeader backToList title={<Trans>Neuer Newsletter</Trans>} />
      <NewsletterEditor newsletter={null} />
    </Container>
  );
}
