import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { LogoShowcasePage } from './-components/logo-showcase/LogoShowcasePage';

export const Route = createFileRoute('/logo-showcase')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Logo und Farben`,
      msg`Das SchoolBox-Logo in vier Varianten – vollständig, als Bildzeichen, einfarbig und für dunkle Flächen – als SVG und PNG, mit unseren Farben und Regeln.`,
    ),
  component: LogoShowcasePage,
});
