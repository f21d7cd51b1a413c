import { msg } from '@lingui/core/macro';

export const PAGE_META = {
  title: msg`Fakten & Zahlen`,
  description: msg`Wie viele Kinder gehen nicht zur Schule, wer lebt ohne Strom, wer ist offline? Aktuelle Zahlen von UNESCO, Weltbank, ITU und UNICEF – jede mit ihrer Quelle.`,
};
