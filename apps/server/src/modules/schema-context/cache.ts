import type { TablePermissions } from '@canopy/contract';
import type { FieldsTable } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import type { AppRow } from '../apps/repository.js';
import type { HeldRoles } from '../apps/role-reach.js';
import type { SchemaRow } from './repository.js';

/**
 * The team's metadata version each request read with its session (or token) and membership, in the
 * same statement (account/repository.ts findLiveSession, engines/repository.ts memberships). Kept
 * beside the tenant object rather than in it: a tenant copied, serialized into a job's payload or held
 * past FRESH_MS carries no version, and its reads go to the database as before the cache.
 */
const versions = new WeakMap<TenantContext, { version: number; at: number }>();

/** A version read this long ago no longer vouches for the cache (a long import or export reads afresh). */
const FRESH_MS = 10_000;

export function markMetaVersion(tenant: TenantContext, version: number | undefined, now = Date.now()): void {
  if (typeof version === 'number' && Number.isFinite(version)) versions.set(tenant, { version, at: now });
}

export function metaVersionOf(tenant: TenantContext | null, now = Date.now()): number | undefined {
  const v = tenant ? versions.get(tenant) : undefined;
  return v && now - v.at <= FRESH_MS ? v.version : undefined;
}

/** A table's metadata as read from the database, shared by every request of the version. */
export interface CachedSchema {
  schema: SchemaRow;
  fields: FieldsTable[];
  permissions: TablePermissions;
}

/** One team's metadata at one version. */
export class TeamMetadata {
  readonly apps = new Map<string, AppRow | undefined>();
  /** `${appCode} ${memberId}` → the member's app role (null: none). */
  readonly roles = new Map<string, string | null>();
  /**
   * `${appCode} ${memberId}` → the app roles the member holds (grants through departments and team
   * roles included: departments, department memberships and members bump the version too).
   */
  readonly held = new Map<string, HeldRoles>();
  /** `${appCode} ${schemaCode}` → the table. */
  readonly schemas = new Map<string, CachedSchema | undefined>();
  /** schemaCode → its app. */
  readonly appOf = new Map<string, string | undefined>();

  constructor(readonly version: number) {}

  get size(): number {
    return this.apps.size + this.roles.size + this.held.size + this.schemas.size + this.appOf.size;
  }

  /**
   * `map`'s entry `key`, loaded once. What is kept is frozen: every request of the version shares it,
   * and a caller changing it would change what the others see (a TypeError instead, in strict code).
   */
  async get<T>(map: Map<string, T>, key: string, load: () => Promise<T>): Promise<T> {
    if (map.has(key)) return map.get(key) as T;
    const value = deepFreeze(await load());
    if (this.size >= MAX_ENTRIES_PER_TEAM) this.clear();
    map.set(key, value);
    return value;
  }

  private clear(): void {
    this.apps.clear();
    this.roles.clear();
    this.held.clear();
    this.schemas.clear();
    this.appOf.clear();
  }
}

const MAX_TEAMS = 1000;
const MAX_ENTRIES_PER_TEAM = 5000;

/**
 * Table metadata kept per team and version in this process (issue 15): a list request then sends
 * the session statement and its page query, nothing else. Safe by construction: an entry is used
 * only by a request that read the same version with its session, and the database bumps the version
 * in the transaction of every change (triggers, migration 20261127T0300), so the very next request
 * — in this process or any other — misses. The roles a member holds are kept too (their grants may go
 * through departments: those tables bump the version as well). Department membership for row rules
 * ("my departments") is not kept: records/row-scope.ts reads it per request when a rule needs it.
 */
export class MetadataCache {
  private readonly teams = new Map<string, TeamMetadata>();

  /**
   * The team's entries for this version; null when the cache must not answer: no version (a tenant
   * not fresh from a request) or an older version than one already seen (this request began before
   * a change another has seen). Entries of an older version are dropped for the new one.
   */
  team(engineCode: string, version: number | undefined): TeamMetadata | null {
    if (version === undefined) return null;
    const kept = this.teams.get(engineCode);
    if (kept && kept.version > version) return null;
    if (kept && kept.version === version) {
      // Most recently used last: the Map's order is the eviction order.
      this.teams.delete(engineCode);
      this.teams.set(engineCode, kept);
      return kept;
    }
    const fresh = new TeamMetadata(version);
    this.teams.delete(engineCode);
    this.teams.set(engineCode, fresh);
    if (this.teams.size > MAX_TEAMS) this.teams.delete(this.teams.keys().next().value as string);
    return fresh;
  }

  /** How many teams are kept (tests). */
  get size(): number {
    return this.teams.size;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
