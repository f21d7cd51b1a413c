import { msg } from '@lingui/core/macro';
import { IconHeartHandshake, IconLeaf, IconScale } from '@tabler/icons-react';

/** The three impact cards of /shop (spec §2: profits, sustainable, fair trade). */
export const IMPACT_CARDS = [
  {
    key: 'profits',
    icon: IconHeartHandshake,
    title: msg`Gewinne für Bildung`,
    text: msg`Alle Gewinne aus dem Shop fließen in unsere SchoolBox-Projekte und bringen Kinder in ein Klassenzimmer.`,
  },
  {
    key: 'sustainable',
    icon: IconLeaf,
    title: msg`Nachhaltig produziert`,
    text: msg`Jedes Stück wird erst gedruckt, wenn es bestellt ist: keine Überproduktion, kein Lager voller Restposten.`,
  },
  {
    key: 'fair-trade',
    icon: IconScale,
    title: msg`Fair gehandelt`,
    text: msg`Wir arbeiten mit Partnern, die auf faire Arbeitsbedingungen und verantwortungsvoll hergestellte Materialien achten.`,
  },
] as const;

/** The impact statement (spec §2: 100 %, 0 % and ∞). */
export const IMPACT_FIGURES = [
  { key: 'profits', value: '100 %', label: msg`der Gewinne für Bildungsprojekte` },
  { key: 'waste', value: '0 %', label: msg`Überproduktion dank Druck auf Bestellung` },
  { key: 'possibilities', value: '∞', label: msg`Möglichkeiten durch Bildung` },
] as const;
