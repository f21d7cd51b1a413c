/**
 * What the contact messages list filters by, without zod: the /messages-admin route checks its search
 * with it, and a route's search checker is part of every page's entry chunk (ADR 018, ADR 034).
 */

/** A message waits for an answer or was marked answered (unset: all). */
export const MESSAGE_STATES = ['unanswered', 'answered'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
