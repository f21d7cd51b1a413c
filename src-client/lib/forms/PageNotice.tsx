import { useLingui } from '@lingui/react/macro';
import { Alert, Container } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { NOTICE_MESSAGES } from './notices';
import { usePageNotice } from './posted-form';

/**
 * The outcome of a form posted without scripts, on the page its redirect leads to (ADR 033). With
 * scripts the same outcome shows as the form's toast or alert instead.
 */
export function PageNotice() {
  const { i18n } = useLingui();
  const notice = usePageNotice();
  const message = notice && NOTICE_MESSAGES[notice];
  if (!message) return null;
  return (
    <Container size="lg" mt="md">
      <Alert color="green" role="status" icon={<IconCircleCheck aria-hidden />} data-testid="page-notice">
        {i18n._(message)}
      </Alert>
    </Container>
  );
}
