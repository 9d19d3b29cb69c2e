import path from 'node:path';
import type { Kysely } from 'kysely';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { HOUR, maintenanceRound } from './maintenance.js';
import { AppLogRepository } from './modules/applog/repository.js';
import { appLogRetentionRound } from './modules/applog/service.js';
import { runDeadlines } from './modules/workflow/deadline-runner.js';
import type { TestHooks } from './test-hooks.js';

/**
 * Starts Canopy: migrate, listen, print the URL, and shut down gracefully on SIGINT/SIGTERM.
 * `testHooks`: a test's own entry (test/crash-server.ts) starts the same process with its hooks;
 * main.ts is the production entry, with none.
 */
export async function startServer(testHooks?: TestHooks): Promise<void> {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'canopy.sqlite'),
  });
  const applied = await migrateToLatest(database.db as unknown as Kysely<unknown>);
  const app = await buildApp({ config, database, ...(testHooks ? { testHooks } : {}) });
  app.log.info({ database: database.location, applied }, 'database ready');
  if (config.passwordHashing === 'fast')
    app.log.warn('PASSWORD_HASHING=fast: stored passwords are cheap to guess; for test runs only');
  // Periodic work through the job queue: each runs once per period across all processes.
  await app.jobs.schedule('maintenance', HOUR, () => maintenanceRound(database.db, app.fileStore, app.log));
  const appLog = new AppLogRepository(database.db, database.dialect);
  await app.jobs.schedule('applog.retention', HOUR, () => appLogRetentionRound(appLog));
  await app.jobs.schedule('workflow.deadlines', 30_000, () => runDeadlines(app.workflowDeadlines, app.log));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.publicUrl ?? `http://localhost:${port}`;
  // Printed plainly (not only as a log line) so a newcomer sees where to go.
  process.stdout.write(`\n  Canopy is running at ${url}\n  Database: ${database.location}\n\n`);
}

/** Writes why the start failed and exits (the entries' catch). */
export function startFailed(err: unknown): never {
  process.stderr.write(`Canopy failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
}
