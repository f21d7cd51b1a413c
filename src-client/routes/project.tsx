import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { pageHead } from '@client/lib/head';
import { ProjectPage } from './-components/project/ProjectPage';

export const Route = createFileRoute('/project')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Das Projekt`,
      msg`SchoolBox bringt Schule in Gemeinden ohne Schulgebäude: was das Container-Klassenzimmer kann, wie unser Pilotprojekt läuft und welche drei Phasen folgen.`,
    ),
  component: ProjectPage,
});
