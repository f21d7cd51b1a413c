/**
 * What a webhook handler has to ask Stripe (an object the event does not carry), asked outside the event's
 * transaction. Asked inside, the call (up to about 13 s, stripe-client.ts) would hold the transaction
 * open: on SQLite its write lock stops every other writer, and the process's one connection every query
 * of the site; on PostgreSQL the rows it changed stay locked. So a handler takes the answer from here
 * (`answer`); when it is not here yet, the handler stops with StripeReadNeeded, the endpoint rolls the
 * transaction back, asks Stripe, and runs the event again from the start with the answer at hand
 * (withStripeReads, webhook-route.ts). A failed question fails the delivery (500), and Stripe retries.
 */

/** Thrown inside the transaction: the answer to `key` is needed, `ask` gets it. */
class StripeReadNeeded extends Error {
  override readonly name = 'StripeReadNeeded';
  constructor(
    readonly key: string,
    readonly ask: () => Promise<unknown>,
  ) {
    super(`Stripe read needed outside the transaction: ${key}`);
  }
}

export type StripeReads = {
  /**
   * Inside the transaction: Stripe's answer to `key` (an object's type and id), asked by `ask` outside
   * it. Throws StripeReadNeeded until it has been asked.
   */
  answer<T>(key: string, ask: () => Promise<T>): T;
};

/** One event's handling, at most this many questions to Stripe (a subscription and a session so far). */
const MAX_READS = 4;

/**
 * Runs `handle` (a transaction that calls `reads.answer`) until it needs no answer it lacks, asking Stripe
 * between runs, with no transaction open.
 */
export async function withStripeReads<T>(handle: (reads: StripeReads) => Promise<T>): Promise<T> {
  const answers = new Map<string, unknown>();
  const reads: StripeReads = {
    answer<A>(key: string, ask: () => Promise<A>): A {
      if (answers.has(key)) return answers.get(key) as A;
      throw new StripeReadNeeded(key, ask);
    },
  };
  for (let asked = 0; ; asked++) {
    try {
      return await handle(reads);
    } catch (error) {
      if (!(error instanceof StripeReadNeeded) || asked >= MAX_READS || answers.has(error.key)) throw error;
      answers.set(error.key, await error.ask());
    }
  }
}
