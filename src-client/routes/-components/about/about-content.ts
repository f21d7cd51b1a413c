import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  IconChartBar,
  IconEye,
  IconHeart,
  IconMessages,
  IconReportAnalytics,
  IconTrendingUp,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';

export const VALUES: {
  key: 'compassion' | 'impact' | 'transparency' | 'community';
  icon: Icon;
  title: MessageDescriptor;
  text: MessageDescriptor;
}[] = [
  {
    key: 'compassion',
    icon: IconHeart,
    title: msg`Mitgefühl`,
    text: msg`Wir hören zu, bevor wir planen. Was Kinder und ihre Familien brauchen, bestimmt, was wir bauen.`,
  },
  {
    key: 'impact',
    icon: IconTrendingUp,
    title: msg`Wirkung`,
    text: msg`Uns zählt, was im Klassenzimmer ankommt. Wir messen, was Kinder lernen, und ändern, was nicht funktioniert.`,
  },
  {
    key: 'transparency',
    icon: IconEye,
    title: msg`Transparenz`,
    text: msg`Wir legen offen, wofür wir Spenden verwenden – mit klaren Zahlen und ehrlichen Berichten, auch über Rückschläge.`,
  },
  {
    key: 'community',
    icon: IconUsersGroup,
    title: msg`Gemeinschaft`,
    text: msg`Eine SchoolBox gehört der Gemeinde. Wir bauen gemeinsam, bilden Menschen vor Ort aus und bleiben Partner auf Augenhöhe.`,
  },
];

/**
 * The four roles of the core team. The people are examples (the copy and a badge say so) until the
 * team introduces itself here: no invented person is presented as real.
 */
export const TEAM_ROLES: {
  key: 'founder' | 'development' | 'community' | 'partners';
  name: string;
  role: MessageDescriptor;
  background: MessageDescriptor;
  focus: MessageDescriptor;
}[] = [
  {
    key: 'founder',
    name: 'Anna',
    role: msg`Gründung und Vorstand`,
    background: msg`Bauingenieurin mit Erfahrung in Projekten der Entwicklungszusammenarbeit`,
    focus: msg`Strategie, Finanzen und die Zusammenarbeit mit Behörden`,
  },
  {
    key: 'development',
    name: 'Jonas',
    role: msg`Technik und Entwicklung`,
    background: msg`Elektrotechniker, spezialisiert auf Solaranlagen und Batteriespeicher`,
    focus: msg`Energieversorgung, Satellitentechnik und Fernwartung der SchoolBox`,
  },
  {
    key: 'community',
    name: 'Amina',
    role: msg`Gemeinden und Bildung`,
    background: msg`Grundschullehrerin mit Unterrichtserfahrung in ländlichen Regionen`,
    focus: msg`Schulung der Lehrkräfte, Lerninhalte und der Kontakt zu den Gemeinden`,
  },
  {
    key: 'partners',
    name: 'Markus',
    role: msg`Partnerschaften`,
    background: msg`Kommunikationsfachmann aus der Kölner Wirtschaft`,
    focus: msg`Unternehmenspartnerschaften, Sachspenden und Öffentlichkeitsarbeit`,
  },
];

/** Achievements exactly as spec §9: 50+ supporters, 1 pilot, 90 students, 100 % prototype. */
export const ACHIEVEMENTS: { key: string; value: string; label: MessageDescriptor }[] = [
  { key: 'supporters', value: '50+', label: msg`Unterstützerinnen und Unterstützer` },
  { key: 'pilot', value: '1', label: msg`Pilotprojekt` },
  { key: 'students', value: '90', label: msg`Schülerinnen und Schüler` },
  { key: 'prototype', value: '100 %', label: msg`Prototyp fertiggestellt` },
];

export const COMING_SOON: {
  key: 'annual-reports' | 'impact-dashboard' | 'community-stories';
  icon: Icon;
  title: MessageDescriptor;
  text: MessageDescriptor;
}[] = [
  {
    key: 'annual-reports',
    icon: IconReportAnalytics,
    title: msg`Jahresberichte`,
    text: msg`Unsere Finanzen und Projekte im Überblick. Der erste Bericht erscheint nach Abschluss unseres ersten vollen Geschäftsjahres.`,
  },
  {
    key: 'impact-dashboard',
    icon: IconChartBar,
    title: msg`Wirkungs-Dashboard`,
    text: msg`Live-Daten aus den SchoolBoxen: erzeugter Solarstrom, Unterrichtsstunden und Lernfortschritte.`,
  },
  {
    key: 'community-stories',
    icon: IconMessages,
    title: msg`Geschichten aus den Gemeinden`,
    text: msg`Schülerinnen, Lehrer und Eltern erzählen, was sich durch ihre SchoolBox verändert hat.`,
  },
];
