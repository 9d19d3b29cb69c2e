import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.js';

const CHANNEL = 'canopy_cache';

type Handler = (key: string) => void;

/** In-process buses by database (SQLite: one process, but tests run several apps on one handle). */
const local = new WeakMap<object, Set<Invalidations>>();

/**
 * Tells the other server processes on the database that something one of them caches changed, so
 * they drop it (issue 16). On PostgreSQL a NOTIFY on `canopy_cache` (heard on the handle's one LISTEN
 * connection, within milliseconds); on SQLite the other apps on the same handle in this process. A
 * process ignores its own messages: it dropped the entry before publishing.
 */
export class Invalidations {
  private readonly origin = randomUUID();
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly missed = new Set<() => void>();
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly database: Pick<DatabaseHandle, 'db' | 'listen'>) {}

  async start(): Promise<void> {
    if (this.database.listen) {
      this.stop = await this.database.listen(
        CHANNEL,
        (payload) => {
          try {
            const m = JSON.parse(payload) as { o: string; t: string; k: string };
            if (m.o !== this.origin) this.deliver(m.t, m.k);
          } catch {
            // not ours
          }
        },
        // The LISTEN connection was lost and is back: drops told meanwhile never arrived, so everything goes.
        () => {
          for (const fn of this.missed) fn();
        },
      );
      return;
    }
    const set = local.get(this.database.db) ?? new Set();
    local.set(this.database.db, set);
    set.add(this);
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
    local.get(this.database.db)?.delete(this);
  }

  /** `topic`'s entry `key` changed: other processes drop it. Best effort, never fails the caller. */
  publish(topic: string, key: string): void {
    if (this.database.listen) {
      const payload = JSON.stringify({ o: this.origin, t: topic, k: key });
      void sql`select pg_notify(${CHANNEL}, ${payload})`.execute(this.database.db).catch(() => undefined);
      return;
    }
    for (const other of local.get(this.database.db) ?? []) if (other !== this) other.deliver(topic, key);
  }

  on(topic: string, handler: Handler): void {
    const set = this.handlers.get(topic) ?? new Set();
    this.handlers.set(topic, set);
    set.add(handler);
  }

  /** Drops may have been missed (PostgreSQL: the LISTEN connection was lost): drop everything kept. */
  onMissed(fn: () => void): void {
    this.missed.add(fn);
  }

  private deliver(topic: string, key: string): void {
    for (const handler of this.handlers.get(topic) ?? []) handler(key);
  }
}
