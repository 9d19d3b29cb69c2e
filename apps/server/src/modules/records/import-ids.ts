import { randomBytes } from 'node:crypto';

const COUNTER = 12; // hex digits: 2^48 records an import

/**
 * Ids of one import's records (issue 15): one prefix per import in the layout of a UUIDv7 (48 bits
 * of milliseconds, version 7, 26 random bits), then a counter. So the records of an import are the
 * id range `first` … `last` (found through the import's one history entry), a record's id names its
 * import (`importPrefix`), and a bulk insert appends to the id index instead of writing all over
 * it. Ids made elsewhere are version 4 (randomUUID), so they never fall inside an import's range.
 */
export class ImportIds {
  readonly prefix: string;
  private count = 0;

  constructor(now: number) {
    const time = now.toString(16).padStart(12, '0').slice(-12);
    const r = randomBytes(4).toString('hex');
    const variant = (8 + (Number.parseInt(r.charAt(3), 16) & 3)).toString(16);
    this.prefix = `${time.slice(0, 8)}-${time.slice(8)}-7${r.slice(0, 3)}-${variant}${r.slice(4, 7)}-`;
  }

  /** The next id. */
  next(): string {
    return this.at(this.count++);
  }

  at(n: number): string {
    return this.prefix + n.toString(16).padStart(COUNTER, '0');
  }

  /** How many ids were handed out. */
  get taken(): number {
    return this.count;
  }

  get first(): string {
    return this.at(0);
  }

  /** The last id handed out (the first, before any). */
  get last(): string {
    return this.at(Math.max(0, this.count - 1));
  }
}

/** The first id of the import a record id belongs to, or null for an id no import made. */
export function importFirstId(id: string): string | null {
  if (id.length !== 36 || id.charAt(14) !== '7') return null;
  return `${id.slice(0, 24)}${'0'.repeat(COUNTER)}`;
}

/** The last id an import whose first id is `first` could have made: its records lie in `first` … this. */
export function importLastPossibleId(first: string): string {
  return `${first.slice(0, 24)}${'f'.repeat(COUNTER)}`;
}
