import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What a total says instead of "inkl. MwSt." when the association uses the small-business rule
 * (KLEINUNTERNEHMER, § 19 UStG; legal-de.md §4.5): it charges no VAT, so claiming VAT is included would
 * mislead (§ 5 UWG). The checkout above the order button and the order mails say it in these words.
 */
export const SMALL_BUSINESS_VAT_NOTE: MessageDescriptor = msg`Gemäß § 19 UStG wird keine Umsatzsteuer berechnet.`;
