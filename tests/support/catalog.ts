import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * A translation as locales/<locale>/messages.po holds it, read the way a translator sees it (the German
 * source is its own translation). An empty translation throws: a test comparing against it must not
 * silently compare against the German text.
 */
export function catalogEntry(locale: string, msgid: string): string {
  const po = readFileSync(fileURLToPath(new URL(`../../locales/${locale}/messages.po`, import.meta.url)), 'utf8').replace(/\r\n/g, '\n');
  const lines = po.split('\n');
  const quoted = (line: string) => JSON.parse(line.trim().replace(/^msg(id|str)\s+/, '')) as string;
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]?.startsWith('msgid ') || quoted(lines[i] as string) !== msgid) continue;
    let j = i + 1;
    while (lines[j]?.startsWith('"')) j++; // a multi-line msgid
    if (!lines[j]?.startsWith('msgstr ')) break;
    let value = quoted(lines[j] as string);
    for (let k = j + 1; lines[k]?.startsWith('"'); k++) value += quoted(lines[k] as string);
    if (value === '') throw new Error(`"${msgid}" has no translation in locales/${locale}/messages.po`);
    return value;
  }
  throw new Error(`"${msgid}" is not in locales/${locale}/messages.po (run the translation extraction)`);
}
