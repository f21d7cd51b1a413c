import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { FactsAndFiguresPage } from './-components/facts-and-figures/FactsAndFiguresPage';

export const Route = createFileRoute('/facts-and-figures')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Fakten & Zahlen`,
      msg`Wie viele Kinder gehen nicht zur Schule, wer lebt ohne Strom, wer ist offline? Aktuelle Zahlen von UNESCO, Weltbank, ITU und UNICEF – jede mit ihrer Quelle.`,
    ),
  component: FactsAndFiguresPage,
});
