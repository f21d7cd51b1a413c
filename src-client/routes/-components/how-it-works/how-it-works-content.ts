import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { IconClipboardList, IconConfetti, IconSchool, IconTool, IconTruckDelivery, type Icon } from '@tabler/icons-react';

/** The numbered zones of the floor plan (the numbers match assets/illustrations/container-layout.svg). */
export const CONTAINER_ZONES: { number: number; title: MessageDescriptor; text: MessageDescriptor }[] = [
  {
    number: 1,
    title: msg`Lehrbereich`,
    text: msg`Tafel, Lehrerpult und ein großer Bildschirm, auf dem die Lehrkraft Inhalte aus dem Internet für alle zeigt.`,
  },
  {
    number: 2,
    title: msg`Lernbereich`,
    text: msg`15 Doppeltische für 30 Schülerinnen und Schüler, jeder Platz mit Tablet oder Laptop. Große Fenster und LED-Licht sorgen für Helligkeit.`,
  },
  {
    number: 3,
    title: msg`Technikraum`,
    text: msg`Abgeschlossen und gut belüftet: der 40-kWh-Lithiumspeicher, der Wechselrichter und der Router für Satelliteninternet und WLAN.`,
  },
  {
    number: 4,
    title: msg`Eingang`,
    text: msg`Eine breite, nach außen öffnende Tür mit Rampe – barrierearm und im Notfall schnell zu verlassen.`,
  },
];

/** The five steps of an installation, in the spec's order. */
export const IMPLEMENTATION_STEPS: { key: string; icon: Icon; title: MessageDescriptor; text: MessageDescriptor }[] = [
  {
    key: 'preparation',
    icon: IconClipboardList,
    title: msg`Vorbereitung`,
    text: msg`Mit der Gemeinde und den Behörden klären wir Standort, Bedarf und wer unterrichten wird. Gleichzeitig wird der Container in Köln ausgebaut und getestet.`,
  },
  {
    key: 'delivery',
    icon: IconTruckDelivery,
    title: msg`Lieferung`,
    text: msg`Die fertige SchoolBox reist per Schiff und Lkw zum Standort – vollständig ausgestattet, damit vor Ort nichts fehlt.`,
  },
  {
    key: 'setup',
    icon: IconTool,
    title: msg`Aufbau`,
    text: msg`Fundament, Solarmodule, Satellitenschüssel, Sonnensegel: Ein kleines Team aus Fachleuten und Helfenden aus dem Ort baut alles in etwa drei Wochen auf.`,
  },
  {
    key: 'training',
    icon: IconSchool,
    title: msg`Schulung`,
    text: msg`Lehrkräfte lernen, mit Tablets, Lernsoftware und Technik zu arbeiten. Zwei Menschen aus der Gemeinde werden für Wartung und kleine Reparaturen ausgebildet.`,
  },
  {
    key: 'launch',
    icon: IconConfetti,
    title: msg`Eröffnung`,
    text: msg`Der erste Schultag. Danach bleiben wir per Fernwartung verbunden und kommen regelmäßig vorbei.`,
  },
];

/** Technical specs of one SchoolBox, exactly as spec §9 gives them. */
export const TECHNICAL_SPECS: { key: string; value: MessageDescriptor | string; label: MessageDescriptor }[] = [
  { key: 'solar', value: '15 kW', label: msg`Solarmodule` },
  { key: 'battery', value: '40 kWh', label: msg`Lithium-Batteriespeicher` },
  { key: 'runtime', value: '72 h', label: msg`autonome Laufzeit ohne Sonne` },
  { key: 'internet', value: msg`50 Mbit/s`, label: msg`Satelliteninternet` },
  { key: 'wifi', value: '200 m', label: msg`WLAN-Reichweite` },
  { key: 'devices', value: '30', label: msg`Tablets und Laptops` },
];
