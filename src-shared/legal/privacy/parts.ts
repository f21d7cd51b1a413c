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
