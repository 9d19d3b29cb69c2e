import type { AppLogKind } from '@canopy/contract';
import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/dialect.js';
import type { Database } from '../../db/schema.js';
import { moveHistoryEntries } from '../audit/history-entries.js';

export interface AppLogFilter {
  appCode?: string;
  schemaCode?: string;
  memberId?: string;
  kind?: AppLogKind;
  from?: number;
  to?: number;
  search?: string;
}

/** Escapes LIKE's wildcards so a search is taken literally. */
function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The application log's queries: always within one team, newest first by (created_at, id) on the
 * (engine_code, created_at, id) index; a search over record titles goes through the trigram index
 * (FTS5 on SQLite for three characters or more, pg_trgm GIN on PostgreSQL).
 */
export class AppLogRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** Moves the writes' entries riding on history rows into the log first, so a read never misses a committed write. */
  async catchUp(): Promise<void> {
    await moveHistoryEntries(this.db, { wait: true });
  }

  private where(engineCode: string, f: AppLogFilter) {
    return (eb: ExpressionBuilder<Database, 'audit_log'>) => {
      const parts: Expression<SqlBool>[] = [eb('audit_log.engine_code', '=', engineCode)];
      if (f.appCode) parts.push(eb('audit_log.app_code', '=', f.appCode));
      if (f.schemaCode) parts.push(eb('audit_log.schema_code', '=', f.schemaCode));
      if (f.memberId) parts.push(eb('audit_log.actor_member_id', '=', f.memberId));
      if (f.kind) parts.push(eb('audit_log.kind', '=', f.kind));
      if (f.from !== undefined) parts.push(eb('audit_log.created_at', '>=', f.from));
      if (f.to !== undefined) parts.push(eb('audit_log.created_at', '<=', f.to));
      const search = f.search?.trim();
      if (search) {
        if (this.dialect === 'postgres') {
          parts.push(sql<SqlBool>`audit_log.record_title ilike ${likeText(search)} escape '\\'`);
        } else if ([...search].length >= 3) {
          const phrase = `"${search.replaceAll('"', '""')}"`;
          // Titles are indexed in batches (applog/title-index.ts): the rows past the index are read as they are.
          parts.push(
            eb.or([
              eb(
                'audit_log.id',
                'in',
                sql<number>`(select rowid from audit_log_fts where audit_log_fts match ${phrase})`,
              ),
              eb.and([
                eb('audit_log.id', '>', sql<number>`(select fts_indexed_to from applog_state where id = 1)`),
                sql<SqlBool>`audit_log.record_title like ${likeText(search)} escape '\\'`,
              ]),
            ]),
          );
        } else {
          parts.push(sql<SqlBool>`audit_log.record_title like ${likeText(search)} escape '\\'`);
        }
      }
      return eb.and(parts);
    };
  }

  private base() {
    return this.db
      .selectFrom('audit_log')
      .leftJoin('members', 'members.member_id', 'audit_log.actor_member_id')
      .leftJoin('users', 'users.id', 'members.user_id')
      .leftJoin('apps', 'apps.code', 'audit_log.app_code')
      .leftJoin('function_nodes', 'function_nodes.code', 'audit_log.schema_code')
      .select([
        'audit_log.id',
        'audit_log.action',
        'audit_log.kind',
        'audit_log.app_code',
        'audit_log.schema_code',
        'audit_log.record_id',
        'audit_log.record_title',
        'audit_log.target_type',
        'audit_log.target_id',
        'audit_log.actor_member_id',
        'audit_log.created_at',
        'audit_log.detail',
        'audit_log.changes',
        'users.user_name',
        'apps.display_name as app_name',
        'function_nodes.display_name as schema_name',
      ]);
  }

  /** A page newest first after `after` (created_at, id), `limit` rows. */
  list(engineCode: string, f: AppLogFilter, after: [number, number] | null, limit: number) {
    let q = this.base().where(this.where(engineCode, f));
    if (after) {
      const [at, id] = after;
      q = q.where((eb) =>
        eb.or([
          eb('audit_log.created_at', '<', at),
          eb.and([eb('audit_log.created_at', '=', at), eb('audit_log.id', '<', id)]),
        ]),
      );
    }
    return q.orderBy('audit_log.created_at', 'desc').orderBy('audit_log.id', 'desc').limit(limit).execute();
  }

  find(engineCode: string, id: number) {
    return this.base()
      .where('audit_log.engine_code', '=', engineCode)
      .where('audit_log.id', '=', id)
      .executeTakeFirst();
  }

  async retention(engineCode: string): Promise<number> {
    const row = await this.db
      .selectFrom('engines')
      .select('applog_retention_days')
      .where('engine_code', '=', engineCode)
      .executeTakeFirst();
    return Number(row?.applog_retention_days ?? 0);
  }

  async setRetention(engineCode: string, days: number): Promise<void> {
    await this.db
      .updateTable('engines')
      .set({ applog_retention_days: days })
      .where('engine_code', '=', engineCode)
      .execute();
  }

  async hasFeature(engineCode: string, code: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('engine_features')
      .select('feature_code')
      .where('engine_code', '=', engineCode)
      .where('feature_code', '=', code)
      .executeTakeFirst();
    return Boolean(row);
  }

  /**
   * Removes at most `batch` entries older than each team's retention, oldest first, by the
   * (engine_code, created_at, id) index per team. Answers how many went.
   */
  async removeExpired(now: number, batch: number): Promise<number> {
    const teams = await this.db.selectFrom('engines').select(['engine_code', 'applog_retention_days']).execute();
    let removed = 0;
    for (const t of teams) {
      const before = now - Number(t.applog_retention_days) * 86_400_000;
      for (;;) {
        const ids = await this.db
          .selectFrom('audit_log')
          .select('id')
          .where('engine_code', '=', t.engine_code)
          .where('created_at', '<', before)
          .orderBy('created_at')
          .limit(batch)
          .execute();
        if (!ids.length) break;
        await this.db
          .deleteFrom('audit_log')
          .where(
            'id',
            'in',
            ids.map((r) => r.id),
          )
          .execute();
        removed += ids.length;
        if (ids.length < batch) break;
      }
    }
    return removed;
  }
}
