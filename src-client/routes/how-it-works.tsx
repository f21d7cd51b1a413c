import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { HowItWorksPage } from './-components/how-it-works/HowItWorksPage';

export const Route = createFileRoute('/how-it-works')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`So funktioniert's`,
      msg`Vom Seecontainer zum Klassenzimmer: die Aufteilung der SchoolBox, Unterricht im Freien, die fünf Schritte bis zur Eröffnung und alle technischen Daten.`,
    ),
  component: HowItWorksPage,
});
