import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPrivateSource } from '@client/i18n/catalog-parts';

const root = resolve(import.meta.dirname, '../..');
const ALIASES: Record<string, string> = { '@client/': 'src-client/', '@shared/': 'src-shared/' };

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The project file an import specifier names, if it is one (packages and CSS are not). */
function resolveImport(from: string, specifier: string): string | null {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  let base: string;
  if (alias) base = ALIASES[alias] + specifier.slice(alias.length);
  else if (specifier.startsWith('.')) base = relative(root, resolve(root, dirname(from), specifier));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`])
    if (/\.tsx?$/.test(candidate) && existsSync(join(root, candidate))) return candidate;
  return null;
}

describe('the private part of the browser catalog (docs/decisions/034-script-loading.md)', () => {
  const files = sourceFiles('src-client');

  it('takes the admin screens, the account, the checkout and the picture upload field', () => {
    for (const file of [
      'src-client/features/audit/AuditAdminPage.tsx',
      'src-client/features/messages/MessagesAdminPage.tsx',
      'src-client/features/backup/BackupStatusBanner.tsx',
      'src-client/features/media/ImageUploadField.tsx',
      'src-client/features/newsletter/NewsletterPictureFields.tsx',
      'src-client/features/blog/admin/PostForm.tsx',
      'src-client/routes/_admin.tsx',
    ])
      expect(isPrivateSource(file), file).toBe(true);
  });

  it('leaves the public pages, the layout and their shared parts public', () => {
    for (const file of [
      'src-client/features/media/ResponsiveImage.tsx',
      'src-client/features/newsletter/UnsubscribePage.tsx',
      'src-client/features/newsletter/ConfirmSubscriptionPage.tsx',
      'src-client/features/donations/DonationPage.tsx',
      'src-client/routes/__root.tsx',
      'src-client/routes/blog/index.tsx',
    ])
      expect(isPrivateSource(file), file).toBe(false);
  });

  // A public page that rendered a private file's component would show message ids instead of text (and
  // differ from the server's HTML at hydration): so a private file is imported by private files only.
  // The generated route tree names every route file; a route's page is shown on that route alone.
  it('is imported only from private files', () => {
    const publicImporters: string[] = [];
    for (const file of files) {
      if (isPrivateSource(file) || file === 'src-client/routeTree.gen.ts') continue;
      const code = readFileSync(join(root, file), 'utf8');
      for (const match of code.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)) {
        const imported = resolveImport(file, match[1] as string);
        if (imported && isPrivateSource(imported)) publicImporters.push(`${file} → ${imported}`);
      }
    }
    expect(publicImporters).toEqual([]);
  });
});
