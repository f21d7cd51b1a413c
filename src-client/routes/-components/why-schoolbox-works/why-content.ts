import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { IconBolt, IconCoin, IconRoute, IconSchool, IconShieldCheck, type Icon } from '@tabler/icons-react';

export type ProblemKey = 'infrastructure' | 'costs' | 'teachers' | 'distance' | 'future-proofing';

/**
 * The five problems of spec §2, each with our solution. Figures quoted here are the published ones of
 * /facts-and-figures (same sources); the cost solution's total comes from the /support cost cards.
 */
export const PROBLEMS: { key: ProblemKey; icon: Icon; title: MessageDescriptor; problem: MessageDescriptor }[] = [
  {
    key: 'infrastructure',
    icon: IconBolt,
    title: msg`Infrastruktur`,
    problem: msg`Vielerorts fehlt nicht nur das Schulgebäude, sondern auch Strom und Internet. 2023 lebten 666 Millionen Menschen ohne Stromanschluss, 85 % von ihnen in Subsahara-Afrika (Tracking SDG 7, 2025).`,
  },
  {
    key: 'costs',
    icon: IconCoin,
    title: msg`Kosten`,
    problem: msg`Ein Schulgebäude aus Stein braucht Jahre für Planung, Genehmigungen und Bau – und Geld, das Gemeinden und Behörden oft nicht haben.`,
  },
  {
    key: 'teachers',
    icon: IconSchool,
    title: msg`Lehrkräfte`,
    problem: msg`Bis 2030 werden weltweit 44 Millionen zusätzliche Lehrkräfte gebraucht, allein in Subsahara-Afrika 15 Millionen (UNESCO, 2024). Wo es sie gibt, fehlen oft Material und Fortbildung.`,
  },
  {
    key: 'distance',
    icon: IconRoute,
    title: msg`Entfernung`,
    problem: msg`In ländlichen Regionen liegt die nächste Schule oft Stunden zu Fuß entfernt. Viele Kinder, vor allem die jüngsten, schaffen diesen Weg nicht jeden Tag.`,
  },
  {
    key: 'future-proofing',
    icon: IconShieldCheck,
    title: msg`Zukunftssicherheit`,
    problem: msg`Was heute gebaut wird, muss auch morgen passen: Schülerzahlen ändern sich, Technik veraltet, und für Reparaturen fehlt oft das Geld.`,
  },
];
