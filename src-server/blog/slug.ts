const MAX_SLUG_LENGTH = 80;

/** "Über 90 Schüler: Unser Pilot!" → "ueber-90-schueler-unser-pilot" (German transliteration first). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFC') // "ü" typed as u + combining diaeresis must also become "ue"
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
  return slug || 'beitrag';
}

/** The first of "slug", "slug-2", "slug-3", … that is not in `taken`. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
