import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { ColorThemePage } from './-components/color-theme/ColorThemePage';

export const Route = createFileRoute('/color-theme')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Farbthemen`,
      msg`Wählen Sie ein Farbthema für die Website. Die Auswahl gilt sofort und nur für diesen Besuch.`,
    ),
  component: ColorThemePage,
});
