import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { SupportPage } from './-components/support/SupportPage';

export const Route = createFileRoute('/support')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Unterstützen`,
      msg`Helfen Sie mit Sachspenden, als Unternehmen oder mit einer Spende. Was eine SchoolBox kostet und wohin jeder gespendete Euro fließt – transparent erklärt.`,
    ),
  component: SupportPage,
});
