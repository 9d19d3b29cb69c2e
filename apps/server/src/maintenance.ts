import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import { refreshStatistics } from './db/statistics.js';
import { purgeDueTeams } from './modules/engines/purge.js';
import { type CountDrift, repairTodoCounts } from './modules/todos/count-repair.js';
import { ExportJobs } from './modules/transfer/export-jobs.js';
import { type FileStore, LocalStore } from './storage/store.js';

export const HOUR = 60 * 60_000;

interface Log {
  warn: (o: object, m: string) => void;
  info: (o: object, m: string) => void;
}

/**
 * One round of housekeeping that any number of server processes may run at once (each step is
 * idempotent): expired sessions, stale login-throttle rows and sign-up look-up challenges, API tokens 30 days past revocation or
 * expiry and finished webhook deliveries older than 30 days go, expired exports and their files go, kept to-do
 * counts that drifted are repaired, and closed teams whose 7 days are over are purged. `now` is a parameter so tests can move the clock.
 */
export async function runMaintenance(
  db: Kysely<Database>,
  dataDir: string,
  now: number,
  store: FileStore = new LocalStore(dataDir),
): Promise<{ purged: string[]; todoCounts: CountDrift[] }> {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
  await db
    .deleteFrom('login_throttle')
    .where('first_failure_at', '<', now - 24 * HOUR)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
  await db.deleteFrom('account_checks').where('expires_at', '<', now).execute();
  await db
    .deleteFrom('wechat_bind_scenes')
    .where('expires_at', '<', now - HOUR)
    .execute();
  // Revoked and expired API tokens stay listed (as such) for 30 days, then go.
  await db
    .deleteFrom('api_tokens')
    .where((eb) => eb.or([eb('revoked_at', '<', now - 30 * 24 * HOUR), eb('expires_at', '<', now - 30 * 24 * HOUR)]))
    .execute();
  // Finished jobs of the queue are kept a week (support looks at failures).
  await db
    .deleteFrom('jobs')
    .where('state', 'in', ['done', 'failed'])
    .where('updated_at', '<', now - 7 * 24 * HOUR)
    .execute();
  // The webhook delivery log keeps 30 days of finished deliveries.
  await db
    .deleteFrom('webhook_deliveries')
    .where('state', '<>', 'pending')
    .where('created_at', '<', now - 30 * 24 * HOUR)
    .execute();
  // Exports whose download link expired go with their files (a day after they were written).
  await new ExportJobs(db, store, dataDir, () => now).expire(now);
  // Kept to-do counts that drifted from the open items are set right (and logged by the caller).
  const todoCounts = await repairTodoCounts(db);
  return { purged: await purgeDueTeams(db, store, now), todoCounts };
}

/** One hourly round for the job queue's schedule (main.ts: once per cluster per hour). */
export async function maintenanceRound(db: Kysely<Database>, store: FileStore, log: Log): Promise<void> {
  const { purged, todoCounts } = await runMaintenance(db, '', Date.now(), store);
  // The planner's statistics of tables that grew or never had any (SQLite; statistics.ts).
  await refreshStatistics(db).catch((err: unknown) => log.warn({ err }, 'statistics could not be refreshed'));
  if (purged.length) log.info({ purged }, 'closed teams purged');
  for (const drift of todoCounts) log.warn(drift, 'to-do count drifted from the open items; repaired');
}
