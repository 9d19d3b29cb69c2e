import { RecordLimits } from '@canopy/contract';

interface Entry {
  at: number;
  value: Promise<{ count: number; capped: boolean }>;
}

/**
 * Record counts kept briefly per table. A write through this server drops the table's entries and
 * `publish`es the drop, so the other server processes drop theirs too (`forget`; module.ts shareCounts).
 */
export class CountCache {
  private readonly tables = new Map<string, Map<string, Entry>>();

  private publish: (table: string) => void = () => undefined;

  constructor(private readonly now: () => number = Date.now) {}

  /** Drops here are told to the other processes through `publish`. */
  share(publish: (table: string) => void): void {
    this.publish = publish;
  }

  get(table: string, key: string, compute: () => Promise<{ count: number; capped: boolean }>) {
    let entries = this.tables.get(table);
    if (!entries) {
      entries = new Map();
      this.tables.set(table, entries);
    }
    const hit = entries.get(key);
    if (hit && this.now() - hit.at < RecordLimits.countCacheMs) return hit.value;
    if (entries.size > 200) entries.clear();
    const value = compute();
    const entry = { at: this.now(), value };
    entries.set(key, entry);
    value.catch(() => entries?.delete(key));
    return value;
  }

  drop(table: string): void {
    this.tables.delete(table);
    this.publish(table);
  }

  /** Drops of other processes may have been missed: nothing kept is trusted. */
  forgetAll(): void {
    this.tables.clear();
  }

  /** Another process changed the table. */
  forget(table: string): void {
    this.tables.delete(table);
  }
}
