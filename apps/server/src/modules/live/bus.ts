import { LiveEventType } from '@canopy/contract';
import { type Kysely, sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/**
 * Something a member's open tabs should hear about: a new letter, or a change in their to-dos; or,
 * for every member of the team (`memberId` EVERYONE), that a table's records changed (`schemaCode`).
 */
export interface LiveSignal {
  engineCode: string;
  memberId: string;
  type: LiveEventType;
  schemaCode?: string;
}

/** The member id of a signal for the whole team. */
export const EVERYONE = '*';

type Listener = (type: LiveEventType, data?: { schemaCode: string }) => void;

/**
 * The team part of a user's own signals (invitations): no team has an empty code, so a user's key
 * `\u0000<userId>` never meets a member's `<engineCode>\u0000<memberId>`.
 */
const USER_SCOPE = '';

const CHANNEL = 'canopy_live';
// NOTIFY payloads stop at 8000 bytes: member ids (36 characters) go in chunks well below that.
const MEMBERS_PER_NOTIFY = 100;

/** The wire form of signals of one team and one type (and table): { e, t, m: [memberIds], s? }. */
interface Packet {
  e: string;
  t: LiveEventType;
  m: string[];
  s?: string;
}

function packets(signals: LiveSignal[]): Packet[] {
  const groups = new Map<string, Packet>();
  for (const s of signals) {
    const key = `${s.engineCode}\u0000${s.type}\u0000${s.schemaCode ?? ''}`;
    const p = groups.get(key) ?? { e: s.engineCode, t: s.type, m: [], ...(s.schemaCode ? { s: s.schemaCode } : {}) };
    groups.set(key, p);
    if (!p.m.includes(s.memberId)) p.m.push(s.memberId);
  }
  const out: Packet[] = [];
  for (const p of groups.values())
    for (let i = 0; i < p.m.length; i += MEMBERS_PER_NOTIFY)
      out.push({ ...p, m: p.m.slice(i, i + MEMBERS_PER_NOTIFY) });
  return out;
}

/**
 * Live signals from a write to the members' open event streams, sent only when the write commits.
 * On PostgreSQL `pg_notify` inside the transaction (delivered at commit, dropped at rollback) reaches
 * every server process LISTENing on the database; on SQLite (one process) the signal waits for the
 * open transaction's commit (DatabaseHandle.afterCommit) and goes to this process's streams.
 */
export class LiveBus {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(private readonly database: Pick<DatabaseHandle, 'afterCommit' | 'listen'>) {}

  /** PostgreSQL: starts this process's LISTEN connection. */
  async start(): Promise<void> {
    if (!this.database.listen) return;
    this.stopListening = await this.database.listen(
      CHANNEL,
      (payload) => {
        try {
          this.deliver(JSON.parse(payload) as Packet);
        } catch {
          // not ours
        }
      },
      // The LISTEN connection was lost and is back: signals sent meanwhile never arrived, so every
      // open stream hears of letters and to-dos once (its page reads them again).
      () => {
        for (const set of this.listeners.values())
          for (const listener of [...set]) for (const type of LiveEventType) listener(type);
      },
    );
  }

  async close(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
    this.listeners.clear();
  }

  /** Call inside the transaction of the write (or with the plain database after it). */
  async signal(trx: Kysely<Database>, signals: LiveSignal[]): Promise<void> {
    if (!signals.length) return;
    const batch = packets(signals);
    if (this.database.listen) {
      for (const p of batch) await sql`select pg_notify(${CHANNEL}, ${JSON.stringify(p)})`.execute(trx);
      return;
    }
    const send = () => {
      for (const p of batch) this.deliver(p);
    };
    if (trx.isTransaction && this.database.afterCommit) this.database.afterCommit(send);
    else send();
  }

  /** Signals about users rather than members (an invitation to their mobile or email), same rules as `signal`. */
  async signalUsers(trx: Kysely<Database>, userIds: string[], type: LiveEventType): Promise<void> {
    await this.signal(
      trx,
      userIds.map((memberId) => ({ engineCode: USER_SCOPE, memberId, type })),
    );
  }

  /** A user's streams (every stream of theirs, with or without a team) listen to their own signals. */
  subscribeUser(userId: string, listener: Listener): () => void {
    return this.subscribe(USER_SCOPE, userId, listener);
  }

  /** A member's stream listens; the answer stops listening. */
  subscribe(engineCode: string, memberId: string, listener: Listener): () => void {
    const key = `${engineCode}\u0000${memberId}`;
    const set = this.listeners.get(key) ?? new Set<Listener>();
    this.listeners.set(key, set);
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size && this.listeners.get(key) === set) this.listeners.delete(key);
    };
  }

  /** Open streams in this process (tests and the shutdown). */
  get streams(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private deliver(p: Packet): void {
    const data = p.s ? { schemaCode: p.s } : undefined;
    if (p.m.includes(EVERYONE)) {
      const prefix = `${p.e}\u0000`;
      for (const [key, set] of this.listeners)
        if (key.startsWith(prefix)) for (const listener of [...set]) listener(p.t, data);
      return;
    }
    for (const memberId of p.m) {
      const set = this.listeners.get(`${p.e}\u0000${memberId}`);
      if (set) for (const listener of [...set]) listener(p.t, data);
    }
  }
}
