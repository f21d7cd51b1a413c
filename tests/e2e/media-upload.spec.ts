import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, isPhone, test } from './fixtures';

/** Each browser project works in a category of its own, so parallel runs cannot see each other's posts. */
const ownCategory = (page: Page) => (isPhone(page) ? 'Projektplanung' : 'Installation');

/** A photo-sized JPEG (a gradient, so the encoders have something to do). */
function photo(): Promise<Buffer> {
  const width = 1800;
  const height = 1000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      pixels[offset] = (x * 255) / width;
      pixels[offset + 1] = (y * 255) / height;
      pixels[offset + 2] = 120;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

test('an admin uploads a picture in the post form, and the published post shows it with srcset', async ({ page, signedInAs }) => {
  await signedInAs('admin');
  const category = ownCategory(page);
  const title = `Neues Klassenzimmer ${Date.now()}`;
  await page.goto('/blog-admin');
  await page.getByRole('button', { name: 'Neuer Post' }).click();
  const form = page.getByRole('form', { name: 'Neuer Post' });
  // The German tab (the others are in the page too, hidden).
  const german = form.getByRole('tabpanel', { name: 'Deutsch' });
  await german.getByLabel('Titel').fill(title);
  await german.getByLabel('Kurzbeschreibung').fill('Die Container-Schule steht.');
  await german.getByLabel('Inhalt').fill('Ein Bild sagt mehr als tausend Worte.');
  await form.getByLabel('Kategorie').click();
  await page.getByRole('option', { name: category }).click();

  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Bild hochladen' }).click();
  await (await chooser).setFiles({ name: 'klassenzimmer.jpg', mimeType: 'image/jpeg', buffer: await photo() });
  // The server answers with the picture's address, which the form now holds, and shows a preview.
  // Nine variants are made before the answer: give a busy test machine time.
  await expect(form.getByLabel('Bild-URL')).toHaveValue(/^\/media\/[A-Za-z0-9_-]+-1800x1000$/, { timeout: 60_000 });
  const preview = form.getByRole('img', { name: 'Vorschau des hochgeladenen Bildes' });
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  await german.getByLabel('Bildbeschreibung (Alternativtext)').fill('Kinder vor dem Solar-Container');
  await form.getByRole('switch', { name: 'Veröffentlicht' }).check();
  await form.getByRole('button', { name: 'Post erstellen' }).click();
  await expect(page.getByText('Post erstellt')).toBeVisible();

  await page.goto(`/blog?category=${category}`);
  const card = page.getByTestId('post-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expectResponsivePicture(card.locator('picture'));

  // The post's own page shows it too, named by its description.
  await page.goto(new URL((await card.getByRole('link').first().getAttribute('href')) as string, page.url()).pathname);
  const picture = page.locator('main picture').filter({ has: page.getByRole('img', { name: 'Kinder vor dem Solar-Container' }) });
  await expectResponsivePicture(picture.first());
});

/** AVIF and WebP sources and a JPEG srcset with the upload's widths; the browser loaded one of them. */
async function expectResponsivePicture(picture: ReturnType<Page['locator']>) {
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /\/media\/\S+\/480\.avif 480w, \S+\/960\.avif 960w, \S+\/1600\.avif 1600w/,
  );
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\/960\.webp 960w/);
  const image = picture.locator('img');
  await expect(image).toHaveAttribute('srcset', /\/480\.jpg 480w/);
  await expect(image).toHaveAttribute('sizes', /.+/);
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(/\/media\/\S+\/\d+\.avif$/);
}
