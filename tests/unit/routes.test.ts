import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, isClientRoute } from '@shared/routes';

describe('client routes', () => {
  it('lists exactly the routes of the generated route tree', () => {
    // The server decides 200 vs 404 from CLIENT_ROUTES; the client renders from routeTree.gen.ts.
    const generated = readFileSync(new URL('../../src-client/routeTree.gen.ts', import.meta.url), 'utf8');
    const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(generated)?.[1] ?? '';
    const fullPaths = [...block.matchAll(/'([^']+)':/g)].map((m) => m[1]!.replace(/\/$/, '') || '/');
    expect([...new Set(fullPaths)].sort()).toEqual([...CLIENT_ROUTES].sort());
  });

  it('matches a route with or without a trailing slash, and nothing else', () => {
    expect(isClientRoute('/')).toBe(true);
    expect(isClientRoute('/color-theme')).toBe(true);
    expect(isClientRoute('/color-theme/')).toBe(true);
    expect(isClientRoute('/color-theme/x')).toBe(false);
    expect(isClientRoute('/does-not-exist')).toBe(false);
  });
});
