import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { TenantContext } from '../../http/context.js';
import { resolveApp } from '../apps/access.js';
import type { AppRepository } from '../apps/repository.js';
import type { RecordQueryService } from '../records/query-service.js';
import type { RecordRepository } from '../records/repository.js';
import { allows, contextOf, type SchemaContext } from '../schema-context/context.js';

/**
 * Whether other members can see one record: the same app access, table rights and row rule as their
 * own requests get (resolveApp → contextOf → rightsOf, the one place rights are computed; the row rule
 * through the records' where planner). Mentions and followers' letters go only to those who can.
 * Never inside a transaction: on SQLite a read outside it would wait for it.
 */
export class RecordReach {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly apps: AppRepository,
    private readonly queries: RecordQueryService,
    private readonly records: RecordRepository,
  ) {}

  /** The members of `memberIds` (active in the team) who can see the record `id` of `ctx`'s table. */
  async whoSees(ctx: SchemaContext, memberIds: readonly string[], id: string): Promise<Set<string>> {
    const out = new Set<string>();
    if (!memberIds.length) return out;
    const members = await this.db
      .selectFrom('members')
      .select(['member_id', 'role'])
      .where('engine_code', '=', ctx.schema.engine_code)
      .where('state', '=', 'ACTIVE')
      .where('member_id', 'in', [...memberIds])
      .execute();
    for (const m of members) {
      const tenant: TenantContext = {
        ...ctx.access.tenant,
        memberId: m.member_id,
        role: m.role as TenantContext['role'],
      };
      delete tenant.preview;
      if (await this.sees(tenant, ctx, id)) out.add(m.member_id);
    }
    return out;
  }

  private async sees(tenant: TenantContext, ctx: SchemaContext, id: string): Promise<boolean> {
    let theirs: SchemaContext;
    try {
      const access = await resolveApp(this.apps, tenant, ctx.schema.app_code, false);
      theirs = contextOf(access, ctx.schema, ctx.fields, ctx.permissions);
    } catch {
      return false;
    }
    if (!allows(theirs, 'view')) return false;
    const scope = await this.queries.scope(theirs);
    return (await this.records.find(ctx.schema.table_name, ctx.schema.engine_code, id, undefined, scope)) !== undefined;
  }
}
