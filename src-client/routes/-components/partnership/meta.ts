import { msg } from '@lingui/core/macro';

export const PAGE_META = {
  title: msg`Partnerschaft`,
  description: msg`Werden Sie Partner von SchoolBox: Titel-, Marketing- oder Bildungspartnerschaft für Unternehmen und Stiftungen. Vorteile, Leistungen, Ablauf und Broschüre.`,
};

/** The print brochure at /partnership/brochure. */
export const BROCHURE_META = {
  title: msg`Partnerschaftsbroschüre`,
  description: msg`Die SchoolBox-Partnerschaftsbroschüre zum Ausdrucken oder Speichern als PDF: Vorteile, drei Partnerschaftsmodelle und wie eine Partnerschaft gelingt.`,
};
