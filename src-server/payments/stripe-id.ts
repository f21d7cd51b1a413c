/** The id of a Stripe reference, which the API gives as the id alone or, expanded, as the object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);
