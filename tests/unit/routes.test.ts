import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PRIVATE_PAGES, PUBLIC_PAGES } from '@shared/routes';

describe('page lists', () => {
  it('name every page of the generated route tree: public or private, or a page with a parameter', () => {
    const generated = readFileSync(new URL('../../src-client/routeTree.gen.ts', import.meta.url), 'utf8');
    const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(generated)?.[1] ?? '';
    const fullPaths = [...new Set([...block.matchAll(/'([^']+)':/g)].map((m) => m[1]!.replace(/\/$/, '') || '/'))];
    const withoutParameters = fullPaths.filter((path) => !path.includes('$'));
    expect(withoutParameters.sort()).toEqual([...PUBLIC_PAGES, ...PRIVATE_PAGES].sort());
  });

  it('never list a page as both public and private', () => {
    expect(PUBLIC_PAGES.filter((page) => (PRIVATE_PAGES as readonly string[]).includes(page))).toEqual([]);
  });
});
