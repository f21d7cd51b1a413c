import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { WhySchoolBoxWorksPage } from './-components/why-schoolbox-works/WhySchoolBoxWorksPage';

export const Route = createFileRoute('/why-schoolbox-works')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Warum SchoolBox funktioniert`,
      msg`Fehlende Gebäude, hohe Kosten, zu wenige Lehrkräfte, weite Schulwege, ungewisse Zukunft: fünf Hürden für Bildung – und wie eine SchoolBox jede davon löst.`,
    ),
  component: WhySchoolBoxWorksPage,
});
