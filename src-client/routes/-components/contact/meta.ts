import { msg } from '@lingui/core/macro';

export const PAGE_META = {
  title: msg`Kontakt`,
  description: msg`Fragen zu SchoolBox, zu Spenden, Partnerschaften oder für die Presse? Schreiben Sie uns über das Formular, per E-Mail oder Telefon – wir antworten persönlich.`,
};
