import { msg } from '@lingui/core/macro';

export const PAGE_META = {
  title: msg`Warum SchoolBox funktioniert`,
  description: msg`Fehlende Gebäude, hohe Kosten, zu wenige Lehrkräfte, weite Schulwege, ungewisse Zukunft: fünf Hürden für Bildung – und wie eine SchoolBox jede davon löst.`,
};
