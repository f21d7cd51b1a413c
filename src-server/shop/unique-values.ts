/** The non-null values, each once, in the order they first appear. */
export function uniqueValues(values: ReadonlyArray<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))];
}
