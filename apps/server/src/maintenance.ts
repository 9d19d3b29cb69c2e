import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';

const HOUR = 60 * 60_000;

/**
 * Housekeeping that any number of server processes may run at once (each statement is idempotent):
 * expired sessions and stale login-throttle rows are deleted hourly.
 */
export function startMaintenance(db: Kysely<Database>, log: { warn: (o: object, m: string) => void }): () => void {
  const run = async () => {
    const now = Date.now();
    try {
      await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
      await db
        .deleteFrom('login_throttle')
        .where('first_failure_at', '<', now - 24 * HOUR)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .execute();
    } catch (err) {
      log.warn({ err }, 'maintenance failed');
    }
  };
  void run();
  const timer = setInterval(run, HOUR);
  timer.unref();
  return () => clearInterval(timer);
}
