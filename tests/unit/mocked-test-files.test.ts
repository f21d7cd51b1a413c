/**
 * The unit and server tests share one module graph per worker (ADR 053): a module replaced with vi.mock
 * in such a file would stay replaced for every file that runs after it in that worker, and the
 * replacement would reach the next file only when the module had not been imported before. So a file
 * that replaces a module is named *.mocked.test.ts, which the config runs with modules of its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const REPLACES_A_MODULE = /\bvi\s*\.\s*(mock|doMock|unmock|doUnmock|resetModules)\s*\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.test.ts'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe('test files that replace modules', () => {
  const files = [...testFiles(join(root, 'tests/unit')), ...testFiles(join(root, 'tests/server'))];

  it('finds the test files', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).toContain('tests/server/stripe-webhook.mocked.test.ts');
  });

  it('are named *.mocked.test.ts, and only they', () => {
    const replacing = files.filter((file) => REPLACES_A_MODULE.test(readFileSync(join(root, file), 'utf8')));
    const named = files.filter((file) => file.endsWith('.mocked.test.ts'));
    expect(replacing.sort()).toEqual(named.sort());
  });
});
