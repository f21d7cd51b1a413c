import { z } from './zod';
import { WITHDRAWAL_LIMITS } from '../constants';
import { emailSchema, localeSchema } from './auth';
import { multiLineText, oneLineText, requiredOneLineText } from './text';

/**
 * The withdrawal button's form (/widerruf/erklaeren, § 356a BGB): who withdraws, from which order, and
 * the address the order was placed with (the receipt goes only there, ADR 027). No sign-in: guest
 * access is what the law asks for. The same schema checks the form and the call.
 */
export const withdrawalDeclarationSchema = z.object({
  name: requiredOneLineText(WITHDRAWAL_LIMITS.name),
  /** As printed in the confirmation mail ("SB-260302-K7M2Q"); spaces and case do not matter. */
  orderNumber: oneLineText(WITHDRAWAL_LIMITS.orderNumber)
    .min(1)
    .transform((value) => value.replace(/\s+/g, '').toUpperCase()),
  email: emailSchema,
  message: multiLineText(WITHDRAWAL_LIMITS.message).optional(),
  /** The page's language: the receipt is written in it. */
  locale: localeSchema,
});
export type WithdrawalDeclarationInput = z.input<typeof withdrawalDeclarationSchema>;
export type WithdrawalDeclaration = z.output<typeof withdrawalDeclarationSchema>;

/** What the page shows after the declaration: the order and when the declaration was received (ISO). */
export type WithdrawalReceipt = { orderNumber: string; receivedAt: string };
