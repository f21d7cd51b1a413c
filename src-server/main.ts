/**
 * The production process: configuration → database → migrations → HTTP. Runs as compiled JavaScript
 * (dist/server/main.js, built by scripts/build.mjs); `npm start` builds it when needed.
 */
import { fileURLToPath } from 'node:url';
import { isNotFoundPath, isSharedPage, renderPage, routeIdOf } from '@client/entry-server';
import { createApp } from './app';
import { databaseUrlForDisplay } from './db/database-url';
import { ConfigError, parseConfig, type Config } from './config';
import { createBuiltClient } from './http/built-client';
import { checkLegalSettings } from './legal/startup-check';
import { listen } from './http/listen';
import { systemClock } from './lib/clock';
import { createLogger, type Logger } from './lib/logger';
import { createBuiltRenderer } from './pages/renderer';
import { DatabaseStartError, startRuntime, type Runtime } from './runtime';
import { seedDemoContentOnFirstStart } from './blog/seed';

const SHUTDOWN_GRACE_MS = 10_000;

// Kept outside main() so that every exit path can close the database (Node 24 aborts at exit when
// SQLite statements are still open).
let runtime: Runtime | undefined;

async function main(): Promise<void> {
  const startedAt = performance.now();
  let config: Config;
  let logger: Logger;
  try {
    config = parseConfig(process.env);
    logger = createLogger(config.logLevel);
    // Missing Impressum settings: a warning, or (public in production) no start at all.
    checkLegalSettings(config, logger);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  runtime = await startRuntime(config, logger, systemClock).catch((error: unknown) => {
    if (!(error instanceof DatabaseStartError)) throw error;
    throw new StartupRefusal(
      `the database in DATABASE_URL (${databaseUrlForDisplay(config.databaseUrl)}) could not be opened or migrated: ${error.message}`,
    );
  });
  if (config.seedDemoContent) {
    // Demo posts are a courtesy, not something to serve without: a failure is logged, the site starts.
    await seedDemoContentOnFirstStart(runtime.deps, runtime.deps.clock.now()).then(
      (seeded) => seeded > 0 && logger.info('first start: added demo blog posts', { count: seeded }),
      (error: unknown) => logger.error('demo blog posts not added; `npm run cli -- seed` adds them', { error }),
    );
  }

  const clientDir = fileURLToPath(new URL('../client', import.meta.url));
  const app = createApp({
    ...runtime.deps,
    client: createBuiltClient(clientDir),
    renderer: createBuiltRenderer(clientDir, { render: renderPage, isNotFoundPath, routeIdOf, isSharedPage }),
  });
  const running = await listen(app.fetch, config.port, config.host).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new StartupRefusal(`PORT ${config.port} on ${config.host} is in use by another process: stop it, or set PORT to a free port`);
    if (code === 'EACCES')
      throw new StartupRefusal(`PORT ${config.port}: this user may not listen on it (below 1024 needs root); set PORT to 1024 or above`);
    throw error;
  });
  logger.info('listening', {
    url: `http://${config.host}:${running.port}`,
    publicUrl: config.publicUrl,
    startupMs: Math.round(performance.now() - startedAt),
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      void runtime?.close().finally(() => process.exit(1));
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    await running.close();
    await runtime?.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** A start-up failure the operator mends in the configuration: its message names the setting, no stack. */
class StartupRefusal extends Error {}

main().catch(async (error: unknown) => {
  const shown = error instanceof StartupRefusal ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`Start-up failed: ${shown}\n`);
  await runtime?.close().catch(() => undefined);
  process.exit(1);
});
