#!/usr/bin/env node
/**
 * Renders the site's default share picture (og:image of every page that has no picture of its own):
 * 1200×630 PNG, the size Open Graph and Twitter/X cards show without cropping, from our own logo and
 * the hero drawing. Run once after changing either; the PNG is committed (src-client/public/images/).
 *   node scripts/make-share-image.mjs
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = fileURLToPath(new URL('..', import.meta.url));
const WIDTH = 1200;
const HEIGHT = 630;
const BACKGROUND = '#fff7ed';
// The hero keeps its 640:420 proportions; logo and hero sit side by side with room between them.
const HERO = { width: 600, height: 394 };
const OUTPUT = `${root}src-client/public/images/share-default.png`;

// Density scales an SVG's own size before rasterizing, so the drawings stay sharp at their new size.
const logo = await sharp(readFileSync(`${root}src-client/public/brand/schoolbox-logo-full.svg`), { density: 900 })
  .resize({ width: 470 })
  .png()
  .toBuffer();
const hero = await sharp(readFileSync(`${root}src-client/assets/hero-schoolbox.svg`), { density: 200 })
  .resize({ width: HERO.width, height: HERO.height })
  .png()
  .toBuffer();
const logoHeight = (await sharp(logo).metadata()).height ?? 130;

await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: BACKGROUND } })
  .composite([
    { input: logo, left: 50, top: Math.round((HEIGHT - logoHeight) / 2) },
    { input: hero, left: WIDTH - HERO.width - 40, top: Math.round((HEIGHT - HERO.height) / 2) },
  ])
  .png({ compressionLevel: 9, palette: true, quality: 90 })
  .toFile(OUTPUT);
console.log(`wrote ${OUTPUT} (${WIDTH}×${HEIGHT})`);
