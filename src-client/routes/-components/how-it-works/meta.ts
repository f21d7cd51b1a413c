import { msg } from '@lingui/core/macro';

export const PAGE_META = {
  title: msg`So funktioniert's`,
  description: msg`Vom Seecontainer zum Klassenzimmer: die Aufteilung der SchoolBox, Unterricht im Freien, die fünf Schritte bis zur Eröffnung und alle technischen Daten.`,
};
