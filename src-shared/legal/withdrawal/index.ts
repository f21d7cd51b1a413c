import type { LegalTemplates } from '../document';
import { withdrawalDe } from './de';
import { withdrawalEn } from './en';
import { withdrawalFr } from './fr';

/** The withdrawal information with the model withdrawal form, per language (/widerruf, order mail). */
export const withdrawalTemplates: LegalTemplates = { de: withdrawalDe, en: withdrawalEn, fr: withdrawalFr };
