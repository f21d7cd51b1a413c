// npm run check: the quick check for the edit-run loop. Lint and format, types and the unit tests run
// side by side (under a minute on two cores); each step's output is shown whole when it ends, so the
// three do not interleave. No database, no build, no browser: `npm test` stays the full gate.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

const steps = [
  { title: 'Lint and format (Biome)', command: bin('biome'), args: ['check', '.'] },
  { title: 'Typecheck (tsc --noEmit)', command: bin('tsc'), args: ['--noEmit'] },
  { title: 'Unit tests (Vitest, tests/unit)', command: bin('vitest'), args: ['run', 'tests/unit'] },
];

/** Runs one step with its output captured; resolves with whether it passed and how long it took. */
function run({ title, command, args }) {
  const startedAt = performance.now();
  return new Promise((resolve) => {
    // Piped, the tools would drop their colours; keep them when this script writes to a terminal.
    const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn(command, args, { cwd: root, env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let reported = false;
    const done = (ok) => {
      // A child that cannot start emits 'error' and may still emit 'close': report it once.
      if (reported) return;
      reported = true;
      const took = (performance.now() - startedAt) / 1000;
      process.stdout.write(`\n=== ${title}\n${Buffer.concat(output).toString()}`);
      process.stdout.write(`=== ${title}: ${ok ? 'passed' : 'failed'} (${took.toFixed(1)} s)\n`);
      resolve({ title, ok, took });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

const results = await Promise.all(steps.map(run));
const failed = results.filter((result) => !result.ok);
process.stdout.write(`\n${failed.length ? `Failed: ${failed.map((result) => result.title).join('; ')}` : 'All checks passed'}\n`);
process.exit(failed.length ? 1 : 0);
