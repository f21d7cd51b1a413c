import type { Locale } from '../locales';

/** A post linked from another's page: its address and its title in `lang` (German where the page's language has none). */
export type PostNeighbour = { slug: string; title: string; lang: Locale };

/** The post before (older) and after (newer) one post in the public list; null at either end. */
export type PostNeighbours = { previous: PostNeighbour | null; next: PostNeighbour | null };
