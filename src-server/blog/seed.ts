import { TEAM_BLOG_AUTHOR } from '@shared/constants';
import type { Db } from '../db/connect';
import { newId } from '../lib/ids';
import type { ContentVersion } from '../lib/content-version';
import { isSlugTaken } from './queries';
import { slugify } from './slug';

const SEEDED_KEY = 'demo_content_seeded';

/** The runtime's database and content version (a Runtime or a test's runtime will do). */
type SeedDeps = { db: Db; content: ContentVersion };

/** A demo post's text in one language. */
type DemoText = { title: string; excerpt: string; content: string; tags: string[]; imageAlt: string };

type DemoPost = DemoText & {
  category: string;
  image: string;
  featured?: boolean;
  publishedAt: string;
  /** Versions in other languages; some posts have none, so the German fallback shows on /blog?lang=en too. */
  translations?: { en?: DemoText; fr?: DemoText };
};

// Demo posts in German (the site's source language), some also in English and French, so a fresh
// installation has a blog that shows both a translated post and the German fallback.
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
    imageAlt: 'Zeichnung eines Container-Klassenzimmers mit Solarmodulen auf dem Dach',
    translations: {
      en: {
        title: 'The first SchoolBox is up: our pilot project',
        excerpt:
          'After months of planning, the day has come: the first container classroom stands, and 90 pupils are already learning in it.',
        content:
          'After many months of preparation, our pilot project has become reality. The first SchoolBox was delivered, set up and handed over to the community.\n\nThe container was ready in just three weeks: foundation, solar system, satellite dish and the classroom itself. Teachers from the region were trained on site.\n\nToday 90 pupils learn here in shifts – with tablets, internet access and power from the sun. Thank you to everyone who made this possible!',
        tags: ['Pilot project', 'Installation', 'Solar', 'Community'],
        imageAlt: 'Drawing of a container classroom with solar panels on its roof',
      },
      fr: {
        title: 'La première SchoolBox est installée : notre projet pilote',
        excerpt:
          'Après des mois de préparation, ça y est : la première salle de classe en conteneur est montée et accueille déjà 90 élèves.',
        content:
          'Après de longs mois de préparation, notre projet pilote est devenu réalité. La première SchoolBox a été livrée, montée et remise à la commune.\n\nIl n’a fallu que trois semaines : fondations, installation solaire, antenne satellite et aménagement de la salle de classe. Des enseignantes et enseignants de la région ont été formés sur place.\n\nAujourd’hui, 90 élèves y apprennent en alternance – avec des tablettes, Internet et l’électricité du soleil. Merci à toutes celles et ceux qui ont rendu cela possible !',
        tags: ['Projet pilote', 'Installation', 'Solaire', 'Commune'],
        imageAlt: 'Dessin d’une salle de classe en conteneur avec des panneaux solaires sur le toit',
      },
    },
  },
  {
    title: 'Wie alles begann: Die Gründung unseres Vereins',
    excerpt: '2025 haben wir in Köln den Verein gegründet. Eine Idee, ein Container und viele Menschen, die an Bildung für alle glauben.',
    content:
      'Am Anfang stand eine einfache Frage: Warum muss Schule an feste Gebäude gebunden sein?\n\n2025 haben wir in Köln unseren gemeinnützigen Verein gegründet, um diese Frage zu beantworten. Mit dabei: Ingenieurinnen, Lehrer, Eltern und viele Unterstützerinnen und Unterstützer.\n\nSeitdem arbeiten wir daran, Kindern Bildung zu ermöglichen – dort, wo sie leben.',
    category: 'Vereinsgeschichte',
    tags: ['Verein', 'Köln', 'Gründung'],
    image: '/images/blog/team.svg',
    imageAlt: 'Zeichnung einer Gruppe von Menschen, die gemeinsam planen',
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
    imageAlt: 'Zeichnung einer Sonne über Solarmodulen und einem Batteriespeicher',
    translations: {
      en: {
        title: '15 kW on the roof: how the SchoolBox powers itself',
        excerpt:
          'Solar panels, a 40 kWh battery and 72 hours of autonomy – a look at the technology that makes the classroom energy independent.',
        content:
          'Every SchoolBox generates its own electricity. On the roof sit solar panels with an output of 15 kW; inside is a 40 kWh lithium battery.\n\nThey power the lights, the ventilation, 30 tablets and laptops and the 50 Mbit/s satellite internet – after sunset too, and for up to 72 hours without sun.\n\nIn our next post we explain how we monitor the system remotely.',
        tags: ['Technology', 'Solar', 'Energy'],
        imageAlt: 'Drawing of the sun above solar panels and a battery',
      },
      fr: {
        title: '15 kW sur le toit : comment la SchoolBox produit sa propre énergie',
        excerpt:
          'Des panneaux solaires, une batterie de 40 kWh et 72 heures d’autonomie – un aperçu de la technique qui rend la classe autonome en énergie.',
        content:
          'Chaque SchoolBox produit sa propre électricité. Sur le toit, des panneaux solaires d’une puissance de 15 kW ; à l’intérieur, une batterie lithium de 40 kWh.\n\nIls alimentent l’éclairage, la ventilation, 30 tablettes et ordinateurs portables ainsi que l’Internet par satellite à 50 Mbit/s – même après le coucher du soleil, et jusqu’à 72 heures sans soleil.\n\nDans notre prochain article, nous expliquons comment nous surveillons l’installation à distance.',
        tags: ['Technique', 'Solaire', 'Énergie'],
        imageAlt: 'Dessin du soleil au-dessus de panneaux solaires et d’une batterie',
      },
    },
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
    imageAlt: 'Zeichnung einer Gruppe von Menschen, die gemeinsam planen',
    translations: {
      en: {
        title: 'Stronger together: our first partners',
        excerpt: 'Companies, foundations and schools support us with donations in kind, know-how and money. Meet them here.',
        content:
          'Without partners there would be no SchoolBox. A logistics company took care of the transport, and a solar manufacturer donated the panels.\n\nSchools in Cologne are part of it too: their classes raise donations and keep in touch with the pupils of the SchoolBox.\n\nWould you like to become a partner as well? Write to us!',
        tags: ['Partners', 'Donations', 'Companies'],
        imageAlt: 'Drawing of a group of people planning together',
      },
    },
  },
  {
    title: 'Lernen mit Tablets: Unser pädagogisches Konzept',
    excerpt: 'Digitale Lernmittel ersetzen keine Lehrkräfte – sie machen gute Lehrkräfte noch besser. So arbeiten wir im Klassenzimmer.',
    content:
      'Technik allein macht noch keine Schule. Deshalb schulen wir Lehrkräfte vor Ort und arbeiten mit Lernplattformen, die auch offline funktionieren.\n\nDie Inhalte orientieren sich an den Lehrplänen des Landes und werden in der Landessprache angeboten.\n\nSo lernen Kinder lesen, schreiben und rechnen – und entdecken die Welt über das Internet.',
    category: 'Bildung',
    tags: ['Bildung', 'Tablets', 'Lehrkräfte'],
    image: '/images/blog/pilot.svg',
    imageAlt: 'Zeichnung eines Container-Klassenzimmers mit Solarmodulen auf dem Dach',
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
    imageAlt: 'Zeichnung einer Sonne über Solarmodulen und einem Batteriespeicher',
    publishedAt: '2026-08-25T07:45:00.000Z',
  },
];

/** Inserts the demo posts whose slugs are still free, each with its versions; returns how many were added. */
export async function seedDemoPosts({ db, content }: SeedDeps, now: Date): Promise<number> {
  let added = 0;
  for (const post of DEMO_POSTS) {
    if (await db.transaction().execute((trx) => insertDemoPost(trx, post, now))) added++;
  }
  // Cached pages, reads and the sitemap show the new posts at once (also when the CLI seeds beside a running server).
  if (added > 0) await content.bump();
  return added;
}

/** One demo post with its versions, unless its slug is taken; true when it was added. */
async function insertDemoPost(trx: Db, post: DemoPost, now: Date): Promise<boolean> {
  const slug = slugify(post.title);
  if (await isSlugTaken(trx, slug)) return false;
  // A post dated ahead would be scheduled (hidden until then): on a clock before the newest demo date
  // (a test's), the dates move back together, keeping their order and spacing.
  const newest = Math.max(...DEMO_POSTS.map((demo) => Date.parse(demo.publishedAt)));
  const shiftMs = Math.max(0, newest - now.getTime());
  const demoDate = (iso: string) => new Date(Date.parse(iso) - shiftMs).toISOString();
  const id = newId();
  await trx
    .insertInto('blog_posts')
    .values({
      id,
      slug,
      title: post.title,
      excerpt: post.excerpt,
      content: post.content,
      author: TEAM_BLOG_AUTHOR,
      category: post.category,
      tags: JSON.stringify(post.tags),
      image_url: post.image,
      image_alt: post.imageAlt,
      featured: post.featured ? 1 : 0,
      published: 1,
      published_at: demoDate(post.publishedAt),
      created_at: demoDate(post.publishedAt),
      updated_at: now.toISOString(),
      user_id: null,
    })
    .execute();
  const versions = Object.entries(post.translations ?? {}).map(([locale, text]) => ({
    post_id: id,
    locale,
    title: text.title,
    excerpt: text.excerpt,
    content: text.content,
    tags: JSON.stringify(text.tags),
    image_alt: text.imageAlt,
  }));
  if (versions.length > 0) await trx.insertInto('post_translations').values(versions).execute();
  return true;
}

/**
 * On the very first start of an installation, fills the empty blog with the demo posts. Runs once:
 * an admin who later deletes them all does not get them back on the next restart. Several processes
 * starting together on a new PostgreSQL database (a scale-out's first deploy) all get here: the marker
 * is claimed first, in the one transaction that adds the posts, so one process seeds and the others wait
 * for its commit, find the marker taken and add nothing (before, they raced on the posts' unique slugs
 * and failed to start).
 */
export async function seedDemoContentOnFirstStart(deps: SeedDeps, now: Date): Promise<number> {
  const added = await deps.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('app_state')
      .values({ key: SEEDED_KEY, value: now.toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!claimed) return 0;
    const existing = await trx.selectFrom('blog_posts').select('id').limit(1).executeTakeFirst();
    if (existing) return 0;
    let count = 0;
    for (const post of DEMO_POSTS) if (await insertDemoPost(trx, post, now)) count++;
    return count;
  });
  if (added > 0) await deps.content.bump();
  return added;
}
