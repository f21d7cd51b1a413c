import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPrivateSource, PAGE_FOLDERS, type PageFolder, pageFolderOf, partsNeededBy } from '@client/i18n/catalog-parts';

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

/** Every project file each source file imports (the generated route tree left out: it names every route file). */
function importsOf(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    if (file === 'src-client/routeTree.gen.ts') continue;
    const code = readFileSync(join(root, file), 'utf8');
    const imported = [...code.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].map((match) =>
      resolveImport(file, match[1] as string),
    );
    graph.set(
      file,
      imported.filter((path): path is string => path !== null),
    );
  }
  return graph;
}

const files = sourceFiles('src-client');
const graph = importsOf(files);

describe('the private part of the browser catalog (docs/decisions/034-script-loading.md)', () => {
  it('takes the admin screens, the account, the checkout, the picture upload field and the order statuses', () => {
    for (const file of [
      'src-shared/order-status-labels.ts',
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
    const publicImporters = [...graph].flatMap(([file, imported]) =>
      isPrivateSource(file) ? [] : imported.filter(isPrivateSource).map((path) => `${file} → ${path}`),
    );
    expect(publicImporters).toEqual([]);
  });
});

describe("a content page's part of the browser catalog", () => {
  /** The ids of the route files that render `file`, directly or through other files (null: something that is no route does). */
  function routesRendering(file: string, seen = new Set<string>()): string[] | null {
    if (seen.has(file)) return [];
    seen.add(file);
    const routeId = /createFileRoute\(\s*'([^']+)'\s*\)/.exec(readFileSync(join(root, file), 'utf8'))?.[1];
    if (routeId !== undefined) return [routeId];
    const importers = [...graph].filter(([, imported]) => imported.includes(file)).map(([importer]) => importer);
    if (importers.length === 0) return null;
    const routes: string[] = [];
    for (const importer of importers) {
      const found = routesRendering(importer, seen);
      if (found === null) return null;
      routes.push(...found);
    }
    return routes;
  }

  it('is loaded by every route that renders the components of its folder', () => {
    const strays: string[] = [];
    for (const file of files) {
      const folder = pageFolderOf(file);
      // A file without texts (constants, styles' helpers) may serve other pages too.
      if (!folder || !/from '@lingui\/(core|react)\/macro'/.test(readFileSync(join(root, file), 'utf8'))) continue;
      const routes = routesRendering(file);
      if (routes === null) strays.push(`${file}: rendered outside a route`);
      else
        for (const routeId of routes)
          if (!(PAGE_FOLDERS[folder] as readonly string[]).includes(routeId)) strays.push(`${file}: rendered by ${routeId}`);
    }
    expect(strays).toEqual([]);
  });

  it('is named by the folder of a file, and needed by the routes listed for it', () => {
    expect(pageFolderOf('src-client/routes/-components/about/AboutPage.tsx')).toBe('about');
    expect(pageFolderOf('src-client/routes/about.tsx')).toBeNull();
    expect(pageFolderOf('src-client/routes/-components/not-a-page/Thing.tsx')).toBeNull();
    expect(partsNeededBy(['__root__', '/'])).toEqual(['page-home']);
    expect(partsNeededBy(['__root__', '/spenden/'])).toEqual(['page-support']);
    expect(partsNeededBy(['__root__', '/_admin', '/_admin/audit-admin'])).toEqual(['private']);
    expect(partsNeededBy(['__root__', '/blog', '/blog/'])).toEqual([]);
  });

  it('exists for every folder of page components', () => {
    const folders = readdirSync(join(root, 'src-client/routes/-components'));
    expect(folders.filter((folder) => !Object.hasOwn(PAGE_FOLDERS, folder))).toEqual([]);
    for (const folder of Object.keys(PAGE_FOLDERS) as PageFolder[]) expect(folders).toContain(folder);
  });
});
