// The article part of `npm run bench` (issue 20): Lighthouse, mobile defaults, on a post's page whose
// picture an admin uploaded, as a phone 412 px wide (Lighthouse's mobile screen) loads it. The post is
// made the way the team makes one, against bench.mjs's running server and its own database: an admin
// from the operators' CLI (admin:create), signed in over the API, the picture through POST /api/media,
// the post through blog.create. The picture is a photo-like JPEG drawn here with sharp (2400×1600,
// shapes, gradients, texture and sensor noise): a flat gradient would compress to almost nothing and
// flatter the byte count. Figures: performance score, LCP, TBT, SEO, and the bytes of the LCP picture
// (the variant the browser chose from srcset, from Lighthouse's network log).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { lighthouseRetried } from './bench-lighthouse.mjs';

export const ARTICLE_TARGETS = { performance: 0.95, lcpMs: 1200, pictureKB: 60, seo: 1 };
const ADMIN = { email: 'bench-admin@example.org', password: 'bench admin password' };
// Lighthouse's mobile default, written down for the row's title: what the picture's bytes are for.
export const PHONE_WIDTH_PX = 412;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Makes the post and runs Lighthouse on it `runs` times (the median of each figure; the picture's
 * request from the first run, its bytes do not vary). serverEnv: the environment the server runs with,
 * so that the CLI writes the admin into the server's database.
 */
export async function articleBenchmark(base, { origin = base, root, serverEnv, runs, chromiumPath, log = () => {} }) {
  const cookie = await adminSession(base, root, serverEnv);
  const picture = await uploadPicture(base, cookie, await photoLikeJpeg());
  log(`article: uploaded ${picture.url} (${picture.width}×${picture.height})`);
  const slug = await publishPost(base, cookie, picture.url);
  const path = `/blog/${slug}`;
  const results = [];
  // Loaded from `origin`: the HTTPS proxy in front of the app at `base` (bench-https-proxy.mjs).
  for (let run = 0; run < runs; run++) results.push(await lighthouseRetried(`${origin}${path}`, 'de', chromiumPath));
  const row = {
    path,
    score: median(results.map((r) => r.score)),
    lcp: median(results.map((r) => r.lcp)),
    tbt: median(results.map((r) => r.tbt)),
    cls: median(results.map((r) => r.cls)),
    seo: median(results.map((r) => r.seo)),
    seoFailed: results[0].seoFailed,
    lcpImage: results[0].lcpImage,
    pictureUrl: picture.url,
  };
  log(
    `article ${path}: ${row.score.toFixed(2)}, LCP ${row.lcp.toFixed(0)} ms, TBT ${row.tbt.toFixed(0)} ms, SEO ${row.seo.toFixed(2)}, LCP picture ${row.lcpImage ? `${row.lcpImage.url} ${row.lcpImage.transferSize} bytes` : 'none'}`,
  );
  return row;
}

/** An admin made by the operators' command, then a session of it from signing in as a browser would. */
async function adminSession(base, root, serverEnv) {
  await promisify(execFile)(
    process.execPath,
    [join(root, 'dist', 'server', 'cli.js'), 'admin:create', '--email', ADMIN.email, '--password', ADMIN.password],
    {
      env: serverEnv,
    },
  );
  const response = await fetch(`${base}/api/trpc/auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(ADMIN),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => /^[^=]+=./.test(pair));
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

/** POST /api/media as the post form sends it: multipart, field "file", the site's own Origin. */
async function uploadPicture(base, cookie, jpeg) {
  const body = new FormData();
  body.append('file', new Blob([jpeg], { type: 'image/jpeg' }), 'schulcontainer.jpg');
  const response = await fetch(`${base}/api/media`, { method: 'POST', headers: { origin: base, cookie }, body });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** blog.create with the picture and its description, published at once; answers the post's slug. */
async function publishPost(base, cookie, imageUrl) {
  const paragraph =
    'Seit dem Frühjahr steht der Container auf dem Schulhof. Morgens laden die Solarmodule die Akkus, mittags lernen dreißig Kinder an Tablets, die über Satellit mit Lernplattformen verbunden sind, und abends treffen sich Erwachsene zum Computerkurs.';
  const response = await fetch(`${base}/api/trpc/blog.create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({
      imageUrl,
      published: true,
      category: 'Technologie',
      translations: {
        de: {
          title: 'Ein Jahr Unterricht im Schulcontainer',
          excerpt: 'Wie ein Seecontainer mit Solarstrom und Satelliteninternet zum Klassenzimmer wurde.',
          content: Array.from({ length: 6 }, () => paragraph).join('\n\n'),
          tags: 'Solar, Bildung',
          imageAlt: 'Der Schulcontainer mit Solarmodulen auf dem Dach, davor Kinder auf dem Schulhof',
        },
      },
    }),
  });
  const body = await response.json();
  const slug = body?.result?.data?.slug;
  if (!response.ok || !slug) throw new Error(`blog.create failed: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return slug;
}

/**
 * A 2400×1600 JPEG (quality 90, like a camera's) that compresses like a photo: a sky with clouds, hills
 * with a wavy horizon, a ribbed container, textured ground, and sensor noise on every pixel.
 * Seeded, so every run uploads the same picture and byte counts compare.
 */
export async function photoLikeJpeg(width = 2400, height = 1600) {
  let seed = 20;
  const random = () => {
    // mulberry32
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  // Detail at every scale, as in a photo (leaves, gravel, clouds, dirt): value noise, a grid of random
  // values interpolated, in four octaves from 3 px to 96 px. Per-pixel noise alone would vanish when
  // the server scales the picture down.
  const octave = (cell, amplitude) => {
    const gridWidth = Math.ceil(width / cell) + 2;
    const grid = Float32Array.from({ length: gridWidth * (Math.ceil(height / cell) + 2) }, () => (random() - 0.5) * amplitude);
    return (x, y) => {
      const x0 = Math.floor(x / cell);
      const y0 = Math.floor(y / cell);
      const fx = x / cell - x0;
      const fy = y / cell - y0;
      const at = (i, j) => grid[(y0 + j) * gridWidth + x0 + i];
      return (at(0, 0) * (1 - fx) + at(1, 0) * fx) * (1 - fy) + (at(0, 1) * (1 - fx) + at(1, 1) * fx) * fy;
    };
  };
  // Amplitudes chosen so the sizes are a photo's: about 1 MB at 2400 px, ≈ 90 KB as a 960 px JPEG variant.
  const octaves = [octave(3, 90), octave(9, 60), octave(28, 50), octave(96, 40)];
  const texture = (x, y) => octaves.reduce((sum, one) => sum + one(x, y), 0);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const horizon = height * 0.55 + Math.sin(x / 190) * 40 + Math.sin(x / 53 + 1) * 12;
      let rgb;
      if (x > width * 0.3 && x < width * 0.72 && y > height * 0.38 && y < height * 0.8) {
        // The container: a painted steel side with vertical ribs.
        const rib = Math.sin(x / 9) * 18 + texture(x, y) * 0.5;
        rgb = [170 + rib, 70 + rib * 0.5, 40 + rib * 0.3];
      } else if (y < horizon) {
        const t = y / horizon;
        const cloud = Math.max(0, texture(x, y) * 0.6);
        rgb = [90 + 110 * t + cloud, 150 + 70 * t + cloud, 230 - 20 * t + cloud * 0.3];
      } else {
        const t = (y - horizon) / (height - horizon);
        const grain = texture(x, y);
        rgb = [150 - 50 * t + grain, 120 - 30 * t + grain * 0.8, 70 - 20 * t + grain * 0.5];
      }
      const offset = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel++)
        pixels[offset + channel] = Math.max(0, Math.min(255, rgb[channel] + (random() - 0.5) * 14));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
