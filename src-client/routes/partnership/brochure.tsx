import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { BROCHURE_META } from '../-components/partnership/meta';
import { BrochurePage } from '../-components/partnership/BrochurePage';

/** The partnership brochure: a print-optimised page in the visitor's language (print it or save it as PDF). */
export const Route = createFileRoute('/partnership/brochure')({
  head: ({ match }) => pageHead(match.context.i18n, BROCHURE_META.title, BROCHURE_META.description),
  component: BrochurePage,
});
