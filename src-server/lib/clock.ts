/** The time source, injected so tests can move it (session expiry, token expiry, rate-limit windows). */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
