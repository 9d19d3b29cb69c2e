import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { DatabaseServer } from '../../db/database.js';
import type { Database, FunctionNodesTable } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { AppRepository } from '../apps/repository.js';
import type { FormulaJobs } from '../records/formula-jobs.js';
import { DataSourceRepository } from './repository.js';
import { dataSourceRoutes } from './routes.js';
import { SecretBox } from './secrets.js';
import { DataSourceService } from './service.js';
import { SYNC_JOB, type SyncJob, SyncRunner } from './sync.js';

/** How often the schedule looks for due sync tables (once per cluster). */
const DUE_EVERY_MS = 60_000;

/**
 * The data sources module: its routes, the sync job and the schedule that starts due syncs. Without
 * DATASOURCE_KEY the key is derived from DATA_DIR (stable for one installation) and a warning says so.
 */
export async function registerDataSources(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Kysely<Database>;
    /** The instance's own PostgreSQL database (data sources may not connect to it). */
    ownDatabase: DatabaseServer | undefined;
    apps: AppRepository;
    jobs: JobQueue;
    formulas: FormulaJobs;
    createSchema: (trx: Kysely<Database>, node: FunctionNodesTable) => Promise<void>;
    changed: (schemaCode: string) => void;
  },
): Promise<DataSourceService> {
  const { config } = deps;
  if (!config.datasourceKey)
    app.log.warn('DATASOURCE_KEY is not set: data source passwords are encrypted with a key derived from DATA_DIR');
  const secrets = SecretBox.fromSetting(
    config.datasourceKey ?? `canopy-datasource-fallback:${path.resolve(config.dataDir)}`,
  );
  const repo = new DataSourceRepository(deps.db);
  const reach = { allowPrivate: config.datasourceAllowPrivate, ownDatabase: deps.ownDatabase };
  const runner = new SyncRunner(deps.db, repo, secrets, reach, deps.formulas, deps.changed);
  deps.jobs.register<SyncJob>(SYNC_JOB, {
    run: (p, job) => runner.run(p, job),
    giveUp: (p, _job, error) => runner.gaveUp(p, error),
    maxAttempts: 1,
  });
  const service = new DataSourceService(deps.db, deps.apps, repo, secrets, deps.jobs, reach, deps.createSchema);
  await deps.jobs.schedule('datasource.due', DUE_EVERY_MS, async () => void (await service.enqueueDue()));
  dataSourceRoutes(app, service);
  return service;
}
