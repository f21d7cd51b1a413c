// npm run i18n:check (part of npm test): fails when a message in the sources lacks its en or fr
// translation. Lingui does the work: `lingui extract` collects every message of the sources into a
// temporary copy of the catalogs (the tracked locales/*.po stay as they are), and `lingui compile
// --strict` refuses a catalog with a missing translation. German is the source language and needs none.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const lingui = join(root, 'node_modules/.bin/lingui');
const temp = mkdtempSync(join(tmpdir(), 'schoolbox-i18n-'));

try {
  cpSync(join(root, 'locales'), join(temp, 'locales'), { recursive: true });
  // The project's own configuration, with the catalogs moved into the temporary folder and without the
  // fallback to German (which would quietly fill every gap).
  const config = join(temp, 'lingui.config.ts');
  writeFileSync(
    config,
    `import project from ${JSON.stringify(pathToFileURL(join(root, 'lingui.config.ts')).href)};
export default {
  ...project,
  rootDir: ${JSON.stringify(root)},
  fallbackLocales: false,
  catalogs: project.catalogs.map((catalog) => ({ ...catalog, path: catalog.path.replace('<rootDir>', ${JSON.stringify(temp)}) })),
};
`,
  );
  const run = (args) =>
    execFileSync(lingui, [...args, '--config', config], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

  // Its statistics table (messages and missing translations per language) is the report a reader wants.
  process.stdout.write(run(['extract', '--clean']));
  try {
    run(['compile', '--strict', '--verbose']);
  } catch (error) {
    process.stdout.write(`${error.stdout ?? ''}${error.stderr ?? ''}`);
    process.stdout.write('translations: missing en or fr translations (see above); run "npm run i18n:extract" and fill them in\n');
    process.exitCode = 1;
  }
  if (!process.exitCode) process.stdout.write('translations: complete (en, fr)\n');
} finally {
  rmSync(temp, { recursive: true, force: true });
}
