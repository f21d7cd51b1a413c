import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import {
  IconBuildingWarehouse,
  IconDeviceLaptop,
  IconHeartHandshake,
  IconSatellite,
  IconSolarPanel2,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { FOUNDATION_YEAR } from '@shared/constants';

export type ProjectFeature = { icon: Icon; title: MessageDescriptor; text: MessageDescriptor };

/** What a SchoolBox is made of; the figures are those of spec §9. */
export const PROJECT_FEATURES: ProjectFeature[] = [
  {
    icon: IconSolarPanel2,
    title: msg`Eigener Solarstrom`,
    text: msg`15 kW Solarmodule und ein 40-kWh-Lithiumspeicher versorgen Licht, Geräte und Internet – bis zu 72 Stunden auch ohne Sonne.`,
  },
  {
    icon: IconSatellite,
    title: msg`Internet per Satellit`,
    text: msg`50 Mbit/s über Satellit, unabhängig von Mobilfunk und Kabel. Das WLAN reicht 200 Meter weit – auch für den Unterricht im Freien.`,
  },
  {
    icon: IconDeviceLaptop,
    title: msg`Digitale Lernmittel`,
    text: msg`30 Tablets und Laptops mit Lernsoftware, die auch offline weiterläuft, wenn die Verbindung einmal abreißt.`,
  },
  {
    icon: IconUsers,
    title: msg`30 Plätze pro Einheit`,
    text: msg`Jede Einheit bietet 30 Schülerinnen und Schülern Platz. Im Schichtbetrieb lernen so 90 Kinder an einer Schule.`,
  },
  {
    icon: IconBuildingWarehouse,
    title: msg`Robust und mobil`,
    text: msg`Ein umgebauter Seecontainer: gedämmt, belüftet, wetterfest – und per Schiff und Lkw an fast jeden Ort zu bringen.`,
  },
  {
    icon: IconHeartHandshake,
    title: msg`Gemeinsam mit der Gemeinde`,
    text: msg`Standort, Stundenplan und Lehrkräfte bestimmen die Menschen vor Ort mit. Wir schulen, begleiten und bleiben erreichbar.`,
  },
];

/** A phase's state; 'in-progress' is the spec's "In Progress" and the only one drawn filled. */
export type PhaseStatus = 'completed' | 'in-progress' | 'planned';

export const PHASE_STATUS_LABELS: Record<PhaseStatus, MessageDescriptor> = {
  completed: msg`Abgeschlossen`,
  'in-progress': msg`In Arbeit`,
  planned: msg`Geplant`,
};

export type ProjectPhase = {
  key: string;
  status: PhaseStatus;
  title: MessageDescriptor;
  /** When, as shown: a year or a translated "from …". */
  period: MessageDescriptor | string;
  text: MessageDescriptor;
};

export const PROJECT_PHASES: ProjectPhase[] = [
  {
    key: 'prototype',
    status: 'completed',
    title: msg`Phase 1: Konzept und Prototyp`,
    period: String(FOUNDATION_YEAR),
    text: msg`Gründung des Vereins in Köln, Entwurf des Klassenzimmers und Bau des Prototyps. Solaranlage, Speicher und Satellitenverbindung haben den Dauertest bestanden.`,
  },
  {
    key: 'pilot',
    status: 'in-progress',
    title: msg`Phase 2: Pilotschule`,
    period: '2026',
    text: msg`Die erste SchoolBox ist geliefert, aufgebaut und in Betrieb. Wir begleiten das erste Schuljahr, schulen Lehrkräfte nach und werten aus, wie die Kinder lernen.`,
  },
  {
    key: 'expansion',
    status: 'planned',
    title: msg`Phase 3: Ausbau`,
    period: msg`ab 2027`,
    text: msg`Mit den Erfahrungen aus dem Pilotprojekt bauen wir weitere SchoolBoxen – gemeinsam mit Partnerorganisationen vor Ort und mit Unternehmen, die eine ganze Schule finanzieren.`,
  },
];
