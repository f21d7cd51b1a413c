import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The client loads Mantine's styles per component (src-client/styles/mantine.css and imports beside the
// components that only some pages use) instead of the whole stylesheet. A component used without its
// styles renders unstyled, so every Mantine component the client imports must have them imported too.

const root = new URL('../../', import.meta.url).pathname;
const STYLES = join(root, 'node_modules/@mantine/core/styles');

/** Components whose look comes (also) from other components' styles. */
const ALSO_NEEDS: Record<string, string[]> = {
  TextInput: ['Input'],
  Textarea: ['Input'],
  PasswordInput: ['Input', 'PasswordInput'],
  NumberInput: ['Input'],
  Select: ['Input', 'Combobox', 'Popover'],
  NativeSelect: ['Input'],
  Autocomplete: ['Input', 'Combobox', 'Popover'],
  Modal: ['ModalBase', 'Overlay'],
  Drawer: ['ModalBase', 'Overlay'],
  Menu: ['Popover'],
  Switch: ['InlineInput'],
  Checkbox: ['InlineInput'],
  Radio: ['InlineInput'],
  CopyButton: [],
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.(tsx?|css)$/.test(name) ? [path] : [];
  });
}

describe('Mantine styles', () => {
  const sources = files(join(root, 'src-client')).map((path) => readFileSync(path, 'utf8'));
  const imported = new Set(sources.flatMap((text) => [...text.matchAll(/@mantine\/core\/styles\/(\w+)\.css/g)].map((m) => m[1] as string)));
  const components = new Set(
    sources.flatMap((text) =>
      [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)].flatMap((m) =>
        (m[1] as string)
          .split(',')
          .map((name) => name.trim())
          .filter((name) => /^[A-Z]/.test(name)),
      ),
    ),
  );

  it('are imported for every Mantine component the client uses', () => {
    // The scan must find the components, or finding nothing missing proves nothing.
    expect(components).toContain('Button');
    expect(components.size).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const component of components) {
      const needed = [...(existsSync(join(STYLES, `${component}.css`)) ? [component] : []), ...(ALSO_NEEDS[component] ?? [])];
      for (const sheet of needed) if (!imported.has(sheet)) missing.push(`${component} needs ${sheet}.css`);
    }
    expect(missing).toEqual([]);
  });

  it('start with the baseline, the variables and the global styles, before any component', () => {
    const entry = readFileSync(join(root, 'src-client/styles/mantine.css'), 'utf8');
    const order = [...entry.matchAll(/@import '@mantine\/core\/styles\/(\S+)\.css'/g)].map((m) => m[1]);
    expect(order.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
  });
});
