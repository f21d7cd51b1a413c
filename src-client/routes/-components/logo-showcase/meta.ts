import { msg } from '@lingui/core/macro';

export const PAGE_META = {
  title: msg`Logo und Farben`,
  description: msg`Das SchoolBox-Logo in vier Varianten – vollständig, als Bildzeichen, einfarbig und für dunkle Flächen – als SVG und PNG, mit unseren Farben und Regeln.`,
};
