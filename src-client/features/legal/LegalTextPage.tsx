import { Trans, useLingui } from '@lingui/react/macro';
import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { LegalDocument } from '@shared/legal/document';
import { PageShell } from '@client/components/page/PageShell';
import { useLocale } from '@client/i18n/LocaleProvider';
import { formatDate } from '@client/lib/format-date';
import { LegalDocumentView, LegalTableOfContents } from './LegalDocumentView';

/**
 * The frame of every long legal text (/datenschutz, /agb, /widerruf): one h1, the date of the text's
 * version ("Stand"), what the page adds (the withdrawal button), a table of contents and the text itself.
 */
export function LegalTextPage({
  title,
  version,
  document,
  children,
}: {
  title: ReactNode;
  /** The text's version date (YYYY-MM-DD). */
  version: string;
  document: LegalDocument;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const { locale } = useLocale();
  // Noon UTC: the same calendar day in every time zone the page may be formatted in.
  const date = formatDate(`${version}T12:00:00Z`, locale);
  return (
    <PageShell>
      <Container size="md" py={48}>
        <Stack gap="xl">
          <div>
            <Title order={1} id="page-title">
              {title}
            </Title>
            <Text c="gray.7" mt="xs" data-testid="legal-date">
              <Trans>Stand: {date}</Trans>
            </Text>
          </div>
          {children}
          <LegalTableOfContents document={document} label={t`Inhaltsverzeichnis`} />
          <LegalDocumentView document={document} />
        </Stack>
      </Container>
    </PageShell>
  );
}
