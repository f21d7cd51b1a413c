import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { isPrivatePage } from '@shared/routes';
import { ForgotPasswordPage } from '@client/features/auth/ForgotPasswordPage';
import { pageHead } from '@client/lib/head';

export const Route = createFileRoute('/auth/forgot')({
  staticData: { private: isPrivatePage('/auth/forgot') },
  head: ({ match }) => pageHead(match.context.i18n, msg`Passwort vergessen`, msg`Ein neues Passwort für Ihr SchoolBox-Konto anfordern.`),
  component: ForgotPasswordPage,
});
