import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * Published statistics only: every figure below is quoted from the named publication (organisation,
 * title, year). Publication titles stay in their original English. When a figure cannot be traced to
 * its publication, it does not belong here.
 */
export type SourceKey =
  | 'sdg4-scorecard'
  | 'learning-poverty'
  | 'teachers'
  | 'sdg7'
  | 'gem-2023'
  | 'itu-2025'
  | 'itu-2024'
  | 'unicef-itu-2020';

export type Source = { key: SourceKey; organisation: MessageDescriptor; title: string; year: number; url?: string };

export const SOURCES: Source[] = [
  {
    key: 'sdg4-scorecard',
    organisation: msg`UNESCO-Institut für Statistik und Weltbildungsbericht (GEM Report)`,
    title: 'SDG 4 Scorecard: Progress report on national benchmarks',
    year: 2025,
  },
  {
    key: 'learning-poverty',
    organisation: msg`Weltbank, UNESCO, UNICEF, FCDO, USAID und Bill & Melinda Gates Foundation`,
    title: 'The State of Global Learning Poverty: 2022 Update',
    year: 2022,
    url: 'https://www.unicef.org/reports/state-global-learning-poverty-2022',
  },
  {
    key: 'teachers',
    organisation: msg`UNESCO und International Task Force on Teachers for Education 2030`,
    title: 'Global Report on Teachers: Addressing teacher shortages and transforming the profession',
    year: 2024,
  },
  {
    key: 'sdg7',
    organisation: msg`IEA, IRENA, UN-Statistikabteilung, Weltbank und WHO`,
    title: 'Tracking SDG 7: The Energy Progress Report 2025',
    year: 2025,
    url: 'https://trackingsdg7.esmap.org/',
  },
  {
    key: 'gem-2023',
    organisation: msg`UNESCO, Weltbildungsbericht (GEM Report)`,
    title: 'Global Education Monitoring Report 2023: Technology in education – A tool on whose terms?',
    year: 2023,
    url: 'https://www.unesco.org/gem-report/en/technology',
  },
  {
    key: 'itu-2025',
    organisation: msg`Internationale Fernmeldeunion (ITU)`,
    title: 'Measuring digital development: Facts and Figures 2025',
    year: 2025,
    url: 'https://www.itu.int/itu-d/reports/statistics/2025/10/15/ff25-foreword',
  },
  {
    key: 'itu-2024',
    organisation: msg`Internationale Fernmeldeunion (ITU)`,
    title: 'Measuring digital development: Facts and Figures 2024',
    year: 2024,
    url: 'https://www.itu.int/itu-d/reports/statistics/2024/11/10/ff24-foreword',
  },
  {
    key: 'unicef-itu-2020',
    organisation: msg`UNICEF und ITU`,
    title: 'How many children and young people have internet access at home? Estimating digital connectivity during the COVID-19 pandemic',
    year: 2020,
    url: 'https://www.unicef.org/reports/how-many-children-and-young-people-have-internet-access-home-2020',
  },
];

export type Statistic = { key: string; value: MessageDescriptor | string; text: MessageDescriptor; source: SourceKey };

export type StatisticGroup = {
  key: 'education' | 'infrastructure' | 'digital-access';
  title: MessageDescriptor;
  intro: MessageDescriptor;
  stats: Statistic[];
};

export const STATISTIC_GROUPS: StatisticGroup[] = [
  {
    key: 'education',
    title: msg`Bildung`,
    intro: msg`Hunderte Millionen Kinder gehen nicht zur Schule – und viele, die zur Schule gehen, lernen dort zu wenig.`,
    stats: [
      {
        key: 'out-of-school',
        value: msg`272 Mio.`,
        text: msg`Kinder und Jugendliche im Schulalter gingen 2023 weltweit nicht zur Schule – 21 Millionen mehr als bis dahin geschätzt.`,
        source: 'sdg4-scorecard',
      },
      {
        key: 'out-of-school-primary',
        value: msg`78 Mio.`,
        text: msg`davon sind im Grundschulalter – 11 % aller Kinder dieser Altersgruppe.`,
        source: 'sdg4-scorecard',
      },
      {
        key: 'learning-poverty',
        value: msg`70 %`,
        text: msg`der Zehnjährigen in Ländern mit niedrigem und mittlerem Einkommen können einen einfachen Text nicht lesen und verstehen (Schätzung für 2022).`,
        source: 'learning-poverty',
      },
      {
        key: 'teachers',
        value: msg`44 Mio.`,
        text: msg`zusätzliche Lehrkräfte braucht die Welt bis 2030 für allgemeine Grund- und Sekundarbildung, 15 Millionen davon in Subsahara-Afrika.`,
        source: 'teachers',
      },
    ],
  },
  {
    key: 'infrastructure',
    title: msg`Infrastruktur`,
    intro: msg`Ohne Strom gibt es kein Licht, keine Computer und kein Internet – und Strom fehlt gerade dort, wo auch Schulen fehlen.`,
    stats: [
      {
        key: 'no-electricity',
        value: msg`666 Mio.`,
        text: msg`Menschen hatten 2023 keinen Zugang zu Strom.`,
        source: 'sdg7',
      },
      {
        key: 'no-electricity-africa',
        value: msg`85 %`,
        text: msg`der Menschen ohne Strom leben in Subsahara-Afrika.`,
        source: 'sdg7',
      },
      {
        key: 'renewables-capacity',
        value: '40 W',
        text: msg`installierte Leistung erneuerbarer Energien pro Kopf hatte Subsahara-Afrika 2023 – in den Entwicklungsländern insgesamt waren es 341 W.`,
        source: 'sdg7',
      },
    ],
  },
  {
    key: 'digital-access',
    title: msg`Digitaler Zugang`,
    intro: msg`Das Internet öffnet Bibliotheken, Kurse und Lehrmaterial aus aller Welt – doch ein Viertel der Menschheit ist offline.`,
    stats: [
      {
        key: 'offline',
        value: msg`2,2 Mrd.`,
        text: msg`Menschen nutzen 2025 das Internet nicht – rund ein Viertel der Weltbevölkerung.`,
        source: 'itu-2025',
      },
      {
        key: 'low-income-online',
        value: msg`27 %`,
        text: msg`der Menschen in Ländern mit niedrigem Einkommen nutzten 2024 das Internet, gegenüber 93 % in Ländern mit hohem Einkommen.`,
        source: 'itu-2024',
      },
      {
        key: 'schools-connected',
        value: msg`40 %`,
        text: msg`der Grundschulen weltweit sind an das Internet angeschlossen.`,
        source: 'gem-2023',
      },
      {
        key: 'children-offline-home',
        value: msg`1,3 Mrd.`,
        text: msg`Kinder zwischen 3 und 17 Jahren – zwei Drittel dieser Altersgruppe – hatten 2020 zu Hause keinen Internetzugang.`,
        source: 'unicef-itu-2020',
      },
    ],
  },
];
