import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { DONATION_PRESETS_CENTS } from '@shared/constants';
import { PROJECT_COST_CENTS } from './project-costs';
import {
  IconBriefcase,
  IconDeviceLaptop,
  IconHeart,
  IconPackage,
  IconSchool,
  IconTool,
  IconTruckDelivery,
  IconWifi,
  type Icon,
} from '@tabler/icons-react';

export type SupportType = {
  key: 'in-kind' | 'corporate' | 'direct';
  icon: Icon;
  title: MessageDescriptor;
  text: MessageDescriptor;
  examples: MessageDescriptor[];
  /** The label of the card's button, and where it leads (/contact, or the donation form for direct gifts). */
  action: MessageDescriptor;
  to: '/contact' | '/spenden';
};

/** The three ways to help (spec §2), four examples each. */
export const SUPPORT_TYPES: SupportType[] = [
  {
    key: 'in-kind',
    icon: IconPackage,
    title: msg`Sachspenden`,
    text: msg`Material und Ausstattung, die direkt in eine SchoolBox eingebaut werden.`,
    examples: [
      msg`Solarmodule, Batteriespeicher und Wechselrichter`,
      msg`Tablets, Laptops und Zubehör`,
      msg`Schulmöbel, Tafeln und Lernmaterial`,
      msg`Transport- und Logistikleistungen`,
    ],
    action: msg`Sachspende anbieten`,
    to: '/contact',
  },
  {
    key: 'corporate',
    icon: IconBriefcase,
    title: msg`Unternehmenspartnerschaft`,
    text: msg`Für Unternehmen, die Verantwortung übernehmen und ihre Wirkung sichtbar machen möchten.`,
    examples: [
      msg`Finanzierung einer kompletten SchoolBox`,
      msg`Einsätze von Mitarbeitenden beim Ausbau und Aufbau`,
      msg`Spendenaktionen mit Belegschaft und Kundschaft`,
      msg`Pro-bono-Leistungen, etwa in IT, Recht oder Kommunikation`,
    ],
    action: msg`Partnerschaft anfragen`,
    to: '/contact',
  },
  {
    key: 'direct',
    icon: IconHeart,
    title: msg`Direkte Spende`,
    text: msg`Ihr Geld fließt dorthin, wo es gerade am dringendsten gebraucht wird.`,
    examples: [
      msg`Einmalige Spende`,
      msg`Monatliche Fördermitgliedschaft`,
      msg`Spende zu Geburtstag, Hochzeit oder Jubiläum`,
      msg`Spendenaktion in Schule, Verein oder Freundeskreis`,
    ],
    action: msg`Jetzt spenden`,
    to: '/spenden',
  },
];

export type ImpactLevel = {
  key: 'supporter' | 'contributor' | 'champion' | 'sponsor';
  icon: Icon;
  title: MessageDescriptor;
  amountCents: number;
  text: MessageDescriptor;
};

/** Four example donations and what each pays for (the spec names the levels but not their amounts); the same
 * amounts are the presets of /spenden, so they live once in DONATION_PRESETS_CENTS. */
export const IMPACT_LEVELS: ImpactLevel[] = [
  {
    key: 'supporter',
    icon: IconHeart,
    title: msg`Unterstützer`,
    amountCents: DONATION_PRESETS_CENTS[0],
    text: msg`Hefte, Stifte und Lernmaterial für ein Kind – ein ganzes Schuljahr lang.`,
  },
  {
    key: 'contributor',
    icon: IconWifi,
    title: msg`Förderer`,
    amountCents: DONATION_PRESETS_CENTS[1],
    text: msg`Einen Monat Satelliteninternet für eine ganze Schule.`,
  },
  {
    key: 'champion',
    icon: IconDeviceLaptop,
    title: msg`Champion`,
    amountCents: DONATION_PRESETS_CENTS[2],
    text: msg`Zwei Tablets mit Schutzhülle und Lernsoftware.`,
  },
  {
    key: 'sponsor',
    icon: IconSchool,
    title: msg`Sponsor`,
    amountCents: DONATION_PRESETS_CENTS[3],
    text: msg`Die komplette Schulung der Lehrkräfte für eine neue SchoolBox.`,
  },
];

export type CostCard = {
  key: 'school-box' | 'transport' | 'installation';
  icon: Icon;
  title: MessageDescriptor;
  amountCents: number;
  items: MessageDescriptor[];
  inKindNote: MessageDescriptor;
};

/** What one SchoolBox costs, in three parts of five items each. */
export const PROJECT_COSTS: CostCard[] = [
  {
    key: 'school-box',
    icon: IconPackage,
    title: msg`Die SchoolBox`,
    amountCents: PROJECT_COST_CENTS['school-box'],
    items: [
      msg`Umbau eines 40-Fuß-Seecontainers mit Dämmung, Fenstern und Belüftung`,
      msg`Solaranlage mit 15 kW und 40-kWh-Lithiumspeicher`,
      msg`Satellitenanlage und WLAN mit 200 m Reichweite`,
      msg`30 Tablets und Laptops mit Lernsoftware`,
      msg`Möbel, Tafel, Bildschirm und Beleuchtung`,
    ],
    inKindNote: msg`Auch als Sachspende willkommen: Solarmodule, Speicher, Tablets und Möbel.`,
  },
  {
    key: 'transport',
    icon: IconTruckDelivery,
    title: msg`Transport`,
    amountCents: PROJECT_COST_CENTS.transport,
    items: [
      msg`Seefracht ab einem europäischen Hafen`,
      msg`Zoll und Einfuhrformalitäten`,
      msg`Transport per Lkw bis zum Standort`,
      msg`Kran zum Verladen und Absetzen`,
      msg`Transportversicherung`,
    ],
    inKindNote: msg`Auch als Sachspende willkommen: Logistikunternehmen können Fracht, Lkw oder Kran stellen.`,
  },
  {
    key: 'installation',
    icon: IconTool,
    title: msg`Installation`,
    amountCents: PROJECT_COST_CENTS.installation,
    items: [
      msg`Vorbereitung des Geländes und Fundament`,
      msg`Montage von Solaranlage, Satellitenschüssel und Sonnensegel`,
      msg`Inbetriebnahme und Test aller Systeme`,
      msg`Schulung der Lehrkräfte und des Wartungsteams`,
      msg`Begleitung in den ersten Wochen nach der Eröffnung`,
    ],
    inKindNote: msg`Auch als Sachspende willkommen: Fachleute für Elektrik und Bau können ihre Zeit spenden.`,
  },
];

/** How donations are spent (spec §9 transparency split). */
export const TRANSPARENCY_SHARES: {
  key: 'programs' | 'administration' | 'fundraising';
  percent: number;
  label: MessageDescriptor;
  color: string;
}[] = [
  {
    key: 'programs',
    percent: 89,
    label: msg`Programme: Bau, Transport, Aufbau und Betrieb der SchoolBoxen`,
    color: 'var(--mantine-primary-color-filled)',
  },
  { key: 'administration', percent: 7, label: msg`Verwaltung`, color: 'var(--mantine-color-gray-7)' },
  { key: 'fundraising', percent: 4, label: msg`Spendenwerbung`, color: 'var(--mantine-color-yellow-7)' },
];
