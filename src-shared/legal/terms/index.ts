import type { LegalTemplates } from '../document';
import { termsDe } from './de';
import { termsEn } from './en';
import { termsFr } from './fr';

/** The shop's terms of sale (AGB), per language (/agb, order mail). */
export const termsTemplates: LegalTemplates = { de: termsDe, en: termsEn, fr: termsFr };
