/**
 * A sent newsletter's mails that failed for good (newsletter.failures), and the admin's "Fehlgeschlagene
 * erneut senden" (newsletter.resendFailed; its input is newsletterIdSchema).
 */
export type NewsletterFailures = {
  /** The mail server's answers, shortened and without the address, the most frequent first (a few at most). */
  reasons: Array<{ reason: string; count: number }>;
  /** Failed mails to addresses still on the list: the ones "erneut senden" queues again. */
  resendable: number;
};

export type ResendFailedResult = { requeued: number };
