// npm run i18n:check (part of npm test): extracts every message from the sources, then fails when an
// en or fr catalog lacks a translation. German is the source language and needs none.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const TARGET_LOCALES = ['en', 'fr'];

execFileSync(join(root, 'node_modules/.bin/lingui'), ['extract', '--clean'], { cwd: root, stdio: 'pipe' });

/** The entries of a PO file as { id, translation }, without the header and obsolete (#~) entries. */
function readCatalog(path) {
  const entries = [];
  let current = null;
  let field = null;
  const finish = () => current && current.id !== '' && entries.push(current);
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.startsWith('msgid ')) {
      finish();
      current = { id: JSON.parse(line.slice(6)), translation: '' };
      field = 'id';
    } else if (line.startsWith('msgstr ') && current) {
      current.translation = JSON.parse(line.slice(7));
      field = 'translation';
    } else if (line.startsWith('"') && current && field) {
      current[field] += JSON.parse(line);
    } else if (!line.startsWith('"')) {
      field = null;
    }
  }
  finish();
  return entries;
}

let missing = 0;
let checked = 0;
for (const locale of TARGET_LOCALES) {
  for (const entry of readCatalog(join(root, 'locales', locale, 'messages.po'))) {
    checked++;
    if (entry.translation.trim() === '') {
      missing++;
      process.stdout.write(`missing ${locale} translation: ${JSON.stringify(entry.id)}\n`);
    }
  }
}
process.stdout.write(`translations: ${checked - missing} present, ${missing} missing (${TARGET_LOCALES.join(', ')})\n`);
process.exit(missing > 0 ? 1 : 0);
