import { msg } from '@lingui/core/macro';

export const PAGE_META = {
  title: msg`Das Projekt`,
  description: msg`SchoolBox bringt Schule in Gemeinden ohne Schulgebäude: was das Container-Klassenzimmer kann, wie unser Pilotprojekt läuft und welche drei Phasen folgen.`,
};
