import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { IconBriefcase, IconBuildingCommunity, IconMicrophone, type Icon } from '@tabler/icons-react';

/** The three kinds of inquiry the team answers most (spec §2); the corporate one links to /partnership. */
export const INQUIRY_TYPES: {
  key: 'community' | 'corporate' | 'media';
  icon: Icon;
  title: MessageDescriptor;
  text: MessageDescriptor;
  link?: { to: string; label: MessageDescriptor };
}[] = [
  {
    key: 'community',
    icon: IconBuildingCommunity,
    title: msg`Gemeinden und Schulen`,
    text: msg`Sie vertreten eine Gemeinde, eine Schule oder eine Organisation vor Ort und wünschen sich eine SchoolBox? Erzählen Sie uns von Ihrem Standort und wie viele Kinder dort lernen möchten.`,
  },
  {
    key: 'corporate',
    icon: IconBriefcase,
    title: msg`Unternehmen`,
    text: msg`Sie möchten als Unternehmen helfen – mit Geld, Sachspenden oder dem Können Ihrer Mitarbeitenden? Einen Überblick über die Möglichkeiten gibt unsere Partnerschaftsseite.`,
    link: { to: '/partnership', label: msg`Zu den Partnerschaften` },
  },
  {
    key: 'media',
    icon: IconMicrophone,
    title: msg`Presse und Medien`,
    text: msg`Sie berichten über SchoolBox? Wir vermitteln Gesprächspartner, liefern Zahlen und stellen Bildmaterial und Logos zur Verfügung.`,
    link: { to: '/logo-showcase', label: msg`Logos herunterladen` },
  },
];

/** How fast we answer, per kind of inquiry (working days, Monday to Friday). */
export const RESPONSE_TIMES: { key: 'general' | 'partnership' | 'media'; label: MessageDescriptor; time: MessageDescriptor }[] = [
  { key: 'general', label: msg`Allgemeine Anfragen`, time: msg`innerhalb von 2 Werktagen` },
  { key: 'partnership', label: msg`Partnerschaften`, time: msg`innerhalb von 1 Werktag` },
  { key: 'media', label: msg`Presse und Medien`, time: msg`innerhalb von 4 Stunden` },
];
