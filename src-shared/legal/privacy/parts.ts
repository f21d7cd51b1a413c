import type { LegalDetails } from '../../schemas/legal';
import type { LegalInline, LegalSection } from '../document';

/**
 * Helpers shared by the three language versions of the privacy policy: a part whose feature is off is
 * written as `condition && part` (or null) and dropped here, so every version leaves out the same sections.
 */
type Absent = false | null | undefined | '';

export const present = <T>(...parts: (T | Absent)[]): T[] => parts.filter((part): part is T => Boolean(part));

export const sections = (...parts: (LegalSection | Absent)[]): LegalSection[] => present(...parts);

/** A mailto link showing the address itself. */
export const mailLink = (address: string): LegalInline => ({ href: `mailto:${address}`, label: address });

/**
 * Which processing of the shop and of Stripe the policy describes (ADR 055): while the setting is on, and
 * while the database still holds what it brought (orders kept for years, a withdrawal period running) after
 * it was switched off, or the Printful token removed. Whether the shop takes orders now stays
 * `features.shopOrders`.
 */
export const describedProcessing = (features: LegalDetails['features']) => {
  const orders = features.shopOrders || features.shopHistory;
  return {
    orders,
    /** Printful prints and ships the orders: while its token is set, and while orders it received are kept. */
    printful: orders && (features.printful || features.printfulHistory),
    payments: features.stripe || features.stripeHistory,
    donations: features.stripe || features.donationHistory,
  };
};
