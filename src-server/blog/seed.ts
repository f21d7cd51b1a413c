import type { Db } from '../db/connect';
import { newId } from '../lib/ids';
import type { ContentVersion } from '../lib/content-version';
import { isSlugTaken } from './queries';
import { slugify } from './slug';

const SEEDED_KEY = 'demo_content_seeded';
const AUTHOR = 'SchoolBox-Team';

/** The runtime's database and content version (a Runtime or a test's runtime will do). */
type SeedDeps = { db: Db; content: ContentVersion };

type DemoPost = {
  title: string;
  excerpt: string;
  content: string;
  category: string;
  tags: string[];
  image: string;
  featured?: boolean;
  publishedAt: string;
};

// German demo posts (German is the site's source language), so a fresh installation has a blog.
const DEMO_POSTS: DemoPost[] = [
  {
    title: 'Die erste SchoolBox steht: Unser Pilotprojekt',
    excerpt:
      'Nach Monaten der Planung ist es so weit: Der erste Container-Klassenraum ist aufgebaut und wird von 90 Schülerinnen und Schülern genutzt.',
    content:
      'Nach vielen Monaten der Vorbereitung ist unser Pilotprojekt Wirklichkeit geworden. Die erste SchoolBox wurde geliefert, aufgebaut und an die Gemeinde übergeben.\n\nIn nur drei Wochen stand der Container: Fundament, Solaranlage, Satellitenschüssel und die Einrichtung des Klassenzimmers. Lehrkräfte aus der Region wurden vor Ort geschult.\n\nHeute lernen hier 90 Schülerinnen und Schüler im Schichtbetrieb – mit Tablets, Internet und Strom aus der Sonne. Wir danken allen, die das möglich gemacht haben!',
    category: 'Installation',
    tags: ['Pilotprojekt', 'Installation', 'Solar', 'Gemeinde'],
    image: '/images/blog/pilot.svg',
    featured: true,
    publishedAt: '2026-06-15T09:00:00.000Z',
  },
  {
    title: 'Wie alles begann: Die Gründung unseres Vereins',
    excerpt: '2025 haben wir in Köln den Verein gegründet. Eine Idee, ein Container und viele Menschen, die an Bildung für alle glauben.',
    content:
      'Am Anfang stand eine einfache Frage: Warum muss Schule an feste Gebäude gebunden sein?\n\n2025 haben wir in Köln unseren gemeinnützigen Verein gegründet, um diese Frage zu beantworten. Mit dabei: Ingenieurinnen, Lehrer, Eltern und viele Unterstützerinnen und Unterstützer.\n\nSeitdem arbeiten wir daran, Kindern Bildung zu ermöglichen – dort, wo sie leben.',
    category: 'Vereinsgeschichte',
    tags: ['Verein', 'Köln', 'Gründung'],
    image: '/images/blog/team.svg',
    publishedAt: '2026-02-02T10:00:00.000Z',
  },
  {
    title: '15 kW auf dem Dach: So versorgt sich die SchoolBox selbst',
    excerpt: 'Solarmodule, ein 40-kWh-Speicher und 72 Stunden Autonomie – ein Blick in die Technik hinter der Energieunabhängigkeit.',
    content:
      'Jede SchoolBox erzeugt ihren Strom selbst. Auf dem Dach sitzen Solarmodule mit 15 kW Leistung, im Inneren ein Lithium-Speicher mit 40 kWh.\n\nDamit laufen Licht, Ventilation, 30 Tablets und Laptops sowie das Satelliteninternet mit 50 Mbit/s – auch nach Sonnenuntergang und bis zu 72 Stunden ohne Sonne.\n\nIm nächsten Beitrag erklären wir, wie wir die Anlage aus der Ferne überwachen.',
    category: 'Entwicklung',
    tags: ['Technik', 'Solar', 'Energie'],
    image: '/images/blog/solar.svg',
    publishedAt: '2026-04-20T08:30:00.000Z',
  },
  {
    title: 'Gemeinsam stärker: Unsere ersten Partner',
    excerpt: 'Unternehmen, Stiftungen und Schulen unterstützen uns mit Sachspenden, Know-how und Geld. Wir stellen sie vor.',
    content:
      'Ohne Partner gäbe es keine SchoolBox. Ein Logistikunternehmen hat den Transport übernommen, ein Solarhersteller die Module gespendet.\n\nAuch Schulen aus Köln sind dabei: Ihre Klassen sammeln Spenden und stehen mit den Schülerinnen und Schülern der SchoolBox in Kontakt.\n\nSie möchten auch Partner werden? Schreiben Sie uns!',
    category: 'Partnerschaften',
    tags: ['Partner', 'Spenden', 'Unternehmen'],
    image: '/images/blog/team.svg',
    publishedAt: '2026-05-11T12:00:00.000Z',
  },
  {
    title: 'Lernen mit Tablets: Unser pädagogisches Konzept',
    excerpt: 'Digitale Lernmittel ersetzen keine Lehrkräfte – sie machen gute Lehrkräfte noch besser. So arbeiten wir im Klassenzimmer.',
    content:
      'Technik allein macht noch keine Schule. Deshalb schulen wir Lehrkräfte vor Ort und arbeiten mit Lernplattformen, die auch offline funktionieren.\n\nDie Inhalte orientieren sich an den Lehrplänen des Landes und werden in der Landessprache angeboten.\n\nSo lernen Kinder lesen, schreiben und rechnen – und entdecken die Welt über das Internet.',
    category: 'Bildung',
    tags: ['Bildung', 'Tablets', 'Lehrkräfte'],
    image: '/images/blog/pilot.svg',
    publishedAt: '2026-07-08T09:15:00.000Z',
  },
  {
    title: 'Von der Idee zum Container: Unser Projektplan',
    excerpt: 'Vorbereitung, Lieferung, Aufbau, Schulung und Eröffnung – in fünf Schritten zur Schule. Ein Überblick über die Phasen.',
    content:
      'Jede SchoolBox entsteht in fünf Schritten: Vorbereitung mit der Gemeinde, Lieferung des Containers, Aufbau vor Ort, Schulung der Lehrkräfte und schließlich die Eröffnung.\n\nFür die nächsten Standorte planen wir bereits die Vorbereitungsphase.\n\nÜber jeden Schritt berichten wir hier im Blog.',
    category: 'Projektplanung',
    tags: ['Planung', 'Phasen'],
    image: '/images/blog/solar.svg',
    publishedAt: '2026-08-25T07:45:00.000Z',
  },
];

/** Inserts the demo posts whose slugs are still free; returns how many were added. */
export async function seedDemoPosts({ db, content }: SeedDeps, now: Date): Promise<number> {
  let added = 0;
  for (const post of DEMO_POSTS) {
    const slug = slugify(post.title);
    if (await isSlugTaken(db, slug)) continue;
    await db
      .insertInto('blog_posts')
      .values({
        id: newId(),
        slug,
        title: post.title,
        excerpt: post.excerpt,
        content: post.content,
        author: AUTHOR,
        category: post.category,
        tags: JSON.stringify(post.tags),
        image_url: post.image,
        featured: post.featured ? 1 : 0,
        published: 1,
        published_at: post.publishedAt,
        created_at: post.publishedAt,
        updated_at: now.toISOString(),
        user_id: null,
      })
      .execute();
    added++;
  }
  // Cached pages, reads and the sitemap show the new posts at once (also when the CLI seeds beside a running server).
  if (added > 0) await content.bump();
  return added;
}

/**
 * On the very first start of an installation, fills the empty blog with the demo posts. Runs once:
 * an admin who later deletes them all does not get them back on the next restart.
 */
export async function seedDemoContentOnFirstStart(deps: SeedDeps, now: Date): Promise<number> {
  const { db } = deps;
  const marker = await db.selectFrom('app_state').select('value').where('key', '=', SEEDED_KEY).executeTakeFirst();
  if (marker) return 0;
  const existing = await db.selectFrom('blog_posts').select('id').limit(1).executeTakeFirst();
  const added = existing ? 0 : await seedDemoPosts(deps, now);
  await db
    .insertInto('app_state')
    .values({ key: SEEDED_KEY, value: now.toISOString() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return added;
}
