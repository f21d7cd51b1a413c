import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { BrochurePage } from '../-components/partnership/BrochurePage';

/** The partnership brochure: a print-optimised page in the visitor's language (print it or save it as PDF). */
export const Route = createFileRoute('/partnership/brochure')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Partnerschaftsbroschüre`,
      msg`Die SchoolBox-Partnerschaftsbroschüre zum Ausdrucken oder Speichern als PDF: Vorteile, drei Partnerschaftsmodelle und wie eine Partnerschaft gelingt.`,
    ),
  component: BrochurePage,
});
