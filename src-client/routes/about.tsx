import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { FOUNDATION_YEAR } from '@shared/constants';
import { pageHead } from '@client/lib/head';
import { AboutPage } from './-components/about/AboutPage';

export const Route = createFileRoute('/about')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Über uns`,
      msg`Wer hinter SchoolBox steht: unsere Mission und Vision, wie der Verein ${FOUNDATION_YEAR} in Köln entstand, wofür wir stehen, unser Team und was wir bisher erreicht haben.`,
    ),
  component: AboutPage,
});
