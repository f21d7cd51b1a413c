import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { IconAward, IconSchool, IconSpeakerphone, IconTarget, IconTrophy, IconUsersGroup, type Icon } from '@tabler/icons-react';

/**
 * The partnership offer. /partnership and the print brochure (/partnership/brochure) both render from
 * these texts, so the two never drift apart.
 */
export const PARTNERSHIP_INTRO = {
  title: msg`Gemeinsam Schule möglich machen`,
  lead: msg`Unternehmen, Stiftungen und Organisationen machen SchoolBox erst möglich. Als Partner schaffen Sie Bildung, die man sehen und messen kann – und zeigen Ihren Mitarbeitenden und Ihrer Kundschaft, wofür Sie stehen.`,
};

/** Headings and intros of the blocks, shared by page and brochure. */
export const PARTNERSHIP_HEADINGS = {
  benefits: msg`Ihre Vorteile`,
  benefitsIntro: msg`Eine Partnerschaft mit SchoolBox wirkt in zwei Richtungen: für die Kinder in den Gemeinden und für Ihr Unternehmen.`,
  types: msg`Drei Partnerschaftsmodelle`,
  typesIntro: msg`Jedes Modell passen wir an Ihre Ziele und Ihr Budget an. Auch Kombinationen sind möglich.`,
};

export const PARTNERSHIP_BENEFITS: {
  key: 'impact' | 'recognition' | 'engagement' | 'reach';
  icon: Icon;
  title: MessageDescriptor;
  text: MessageDescriptor;
}[] = [
  {
    key: 'impact',
    icon: IconTarget,
    title: msg`Wirkung`,
    text: msg`Ihr Beitrag wird zu einem Klassenzimmer, in dem 90 Kinder lernen. Sie erfahren genau, was mit Ihrer Unterstützung entsteht.`,
  },
  {
    key: 'recognition',
    icon: IconAward,
    title: msg`Anerkennung`,
    text: msg`Wir machen Ihr Engagement sichtbar: auf unserer Website, in unseren Berichten und, wenn Sie möchten, direkt an der SchoolBox.`,
  },
  {
    key: 'engagement',
    icon: IconUsersGroup,
    title: msg`Engagement`,
    text: msg`Ihre Mitarbeitenden machen mit: beim Ausbau in Köln, mit eigenen Spendenaktionen oder als Mentorinnen und Mentoren für Lehrkräfte.`,
  },
  {
    key: 'reach',
    icon: IconSpeakerphone,
    title: msg`Reichweite`,
    text: msg`Geschichten aus den Gemeinden, Bilder und Zahlen für Ihre eigene Kommunikation – glaubwürdig, weil sie echt sind.`,
  },
];

export type PartnershipType = {
  key: 'title' | 'marketing' | 'educational';
  icon: Icon;
  title: MessageDescriptor;
  summary: MessageDescriptor;
  features: MessageDescriptor[];
};

export const PARTNERSHIP_TYPES: PartnershipType[] = [
  {
    key: 'title',
    icon: IconTrophy,
    title: msg`Titelpartnerschaft`,
    summary: msg`Sie finanzieren eine komplette SchoolBox und geben ihr Ihren Namen.`,
    features: [
      msg`Namensgebung einer SchoolBox`,
      msg`Ihr Logo am Container und in allen Berichten zum Standort`,
      msg`Teilnahme an der Eröffnung vor Ort`,
      msg`Jährlicher Wirkungsbericht mit Zahlen, Bildern und Stimmen`,
    ],
  },
  {
    key: 'marketing',
    icon: IconSpeakerphone,
    title: msg`Marketingpartnerschaft`,
    summary: msg`Sie verbinden Ihre Marke mit SchoolBox – in Kampagnen, Produkten oder Aktionen.`,
    features: [
      msg`Gemeinsame Kampagnen und Aktionsprodukte`,
      msg`Nutzung unseres Logos und Bildmaterials nach Absprache`,
      msg`Vorstellung als Partner auf unserer Website`,
      msg`Inhalte für Ihre Kanäle: Geschichten, Bilder, Zahlen`,
    ],
  },
  {
    key: 'educational',
    icon: IconSchool,
    title: msg`Bildungspartnerschaft`,
    summary: msg`Sie teilen Wissen: mit Lerninhalten, technischem Know-how oder Fachleuten aus Ihrem Haus.`,
    features: [
      msg`Mitarbeit an Lerninhalten und Software`,
      msg`Mentoring und Fortbildung für Lehrkräfte`,
      msg`Technische Unterstützung bei Energie und Vernetzung`,
      msg`Austauschprojekte mit Schulen in Deutschland`,
    ],
  },
];

export const PARTNERSHIP_SUCCESS = {
  title: msg`Was eine Partnerschaft erfolgreich macht`,
  intro: msg`Drei Dinge, auf die wir in jeder Partnerschaft achten:`,
  points: [
    {
      key: 'goals',
      title: msg`Klare Ziele`,
      text: msg`Zu Beginn vereinbaren wir gemeinsam, was Ihre Partnerschaft erreichen soll und woran wir den Erfolg messen.`,
    },
    {
      key: 'reports',
      title: msg`Regelmäßige Berichte`,
      text: msg`Sie erhalten Wirkungsberichte mit Zahlen und Geschichten aus den Gemeinden, mindestens einmal im Jahr.`,
    },
    {
      key: 'contact',
      title: msg`Feste Ansprechperson`,
      text: msg`Eine Person aus unserem Team begleitet Ihre Partnerschaft von der ersten Idee bis zur Eröffnung und darüber hinaus.`,
    },
  ] as { key: string; title: MessageDescriptor; text: MessageDescriptor }[],
};

export const PARTNERSHIP_CALL = {
  title: msg`Lassen Sie uns sprechen`,
  text: msg`Erzählen Sie uns, was Sie vorhaben. Gemeinsam entwickeln wir ein Modell, das zu Ihrem Unternehmen passt.`,
};
