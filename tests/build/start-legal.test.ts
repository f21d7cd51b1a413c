/**
 * The legal start-up check as `npm start` meets it: the compiled server (dist/server/main.js) refuses
 * to start in production over https while Impressum settings are missing, with exit code 1 and a
 * message naming them, and starts (with one warning) when the same settings run over plain http.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir } from '../support/temp-dir';

const MAIN = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));
let temp: ReturnType<typeof makeTempDir>;

beforeAll(() => {
  temp = makeTempDir();
});
afterAll(() => temp.remove());

/** Every Impressum setting but ORG_BOARD and SITE_PHONE. */
const PARTIAL = {
  ORG_NAME: 'Testverein e. V.',
  ORG_LEGAL_FORM: 'eingetragener Verein',
  ORG_STREET: 'Teststraße 1',
  ORG_POSTCODE: '50667',
  ORG_CITY: 'Köln',
  ORG_REGISTER_COURT: 'Amtsgericht Köln',
  ORG_REGISTER_NUMBER: 'VR 99999',
  SITE_EMAIL: 'info@testverein.example',
  EDITOR_NAME: 'Erika Test',
  EDITOR_ADDRESS: 'Teststraße 1, 50667 Köln',
};

/** Starts the built server; resolves when it exits, or when it logs "listening" (then it is stopped). */
function start(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string; listened: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], {
      cwd: temp.dir,
      // Only what this test sets: a developer's own ORG_* settings must not leak in.
      env: { PATH: process.env.PATH ?? '', PORT: '0', DATABASE_URL: `sqlite:${temp.dir}/start.db`, SEED_DEMO_CONTENT: 'false', ...env },
    });
    let stdout = '';
    let stderr = '';
    let listened = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!listened && stdout.includes('"msg":"listening"')) {
        listened = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr, listened }));
  });
}

describe('npm start with incomplete Impressum settings', () => {
  it('refuses in production over https: exit code 1 and a message naming the missing variables', async () => {
    const result = await start({ ...PARTIAL, NODE_ENV: 'production', PUBLIC_URL: 'https://schoolbox.example' });
    expect(result.code).toBe(1);
    expect(result.listened).toBe(false);
    expect(result.stderr).toContain('Refusing to start');
    expect(result.stderr).toContain('ORG_BOARD, SITE_PHONE');
  });

  it('starts over plain http, after one warning that names them', async () => {
    const result = await start({ ...PARTIAL, NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3999' });
    expect(result.listened).toBe(true);
    const warnings = result.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: string; msg: string; missing?: string[] })
      .filter((line) => line.level === 'warn' && line.missing);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.missing).toEqual(['ORG_BOARD', 'SITE_PHONE']);
  });
});
