/**
 * An Intl.DateTimeFormat made once per language and options, then reused: making one costs far more
 * than formatting with it, and the server formats dates, weekdays and the team's clock on every page
 * it renders. The options of each call site are fixed, so the cache stays small.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let made = formats.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat(locale, options);
    formats.set(key, made);
  }
  return made;
}
