import type { LegalTemplates } from '../document';
import { privacyDe } from './de';
import { privacyEn } from './en';
import { privacyFr } from './fr';

/** The privacy policy (Datenschutzerklärung), per language (/datenschutz). German is the source. */
export const privacyTemplates: LegalTemplates = { de: privacyDe, en: privacyEn, fr: privacyFr };
