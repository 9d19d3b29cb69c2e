import type { Delegation, MyDelegations, SetDelegationBody } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, WorkflowDelegationsTable } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { recordAudit } from '../audit/record.js';
import type { DirectoryRepository } from './directory-repository.js';
import type { Names } from './dto.js';
import { memberRef } from './dto.js';
import type { WorkflowRepository } from './repository.js';

type Db = Kysely<Database>;

/** Out-of-office delegations: one per member and team. */
export class DelegationRepository {
  constructor(private readonly db: Db) {}

  /**
   * The delegate who receives `memberId`'s new tasks at `now`, if a delegation is in force and the
   * delegate is still an active member. One hop: the delegate's own delegation is not followed.
   */
  async delegateOf(trx: Db, engineCode: string, memberId: string, now: number): Promise<string | null> {
    const row = await trx
      .selectFrom('workflow_delegations')
      .innerJoin('members', (j) =>
        j
          .onRef('members.engine_code', '=', 'workflow_delegations.engine_code')
          .onRef('members.member_id', '=', 'workflow_delegations.delegate_member_id'),
      )
      .select('workflow_delegations.delegate_member_id')
      .where('workflow_delegations.engine_code', '=', engineCode)
      .where('workflow_delegations.member_id', '=', memberId)
      .where('workflow_delegations.starts_at', '<=', now)
      .where('workflow_delegations.ends_at', '>', now)
      .where('members.state', '=', 'ACTIVE')
      .executeTakeFirst();
    return row?.delegate_member_id ?? null;
  }

  mine(engineCode: string, memberId: string): Promise<WorkflowDelegationsTable | undefined> {
    return this.db
      .selectFrom('workflow_delegations')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
  }

  forDelegate(engineCode: string, delegateId: string, now: number): Promise<WorkflowDelegationsTable[]> {
    return this.db
      .selectFrom('workflow_delegations')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('delegate_member_id', '=', delegateId)
      .where('ends_at', '>', now)
      .orderBy('starts_at')
      .execute();
  }

  async save(trx: Db, row: WorkflowDelegationsTable): Promise<void> {
    await trx
      .insertInto('workflow_delegations')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['engine_code', 'member_id']).doUpdateSet({
          delegate_member_id: row.delegate_member_id,
          starts_at: row.starts_at,
          ends_at: row.ends_at,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  async remove(trx: Db, engineCode: string, memberId: string): Promise<number> {
    const r = await trx
      .deleteFrom('workflow_delegations')
      .where('engine_code', '=', engineCode)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

/**
 * A member's own out-of-office delegation: set (to another active member of the team, for a
 * period that ends after it starts and after now), read, clear. Items already delegated stay with
 * the delegate when the delegation ends or is cleared; only new items follow it.
 */
export class DelegationService {
  constructor(
    private readonly db: Db,
    private readonly delegations: DelegationRepository,
    private readonly directory: DirectoryRepository,
    private readonly repo: WorkflowRepository,
    private readonly now: () => number,
  ) {}

  async get(tenant: TenantContext): Promise<MyDelegations> {
    const now = this.now();
    const own = await this.delegations.mine(tenant.engineCode, tenant.memberId);
    const mine = own && Number(own.ends_at) > now ? own : null;
    const forMe = await this.delegations.forDelegate(tenant.engineCode, tenant.memberId, now);
    const rows = [...(mine ? [mine] : []), ...forMe];
    const names = await this.repo.memberNames(
      tenant.engineCode,
      rows.flatMap((r) => [r.member_id, r.delegate_member_id]),
    );
    return { mine: mine ? info(mine, names, now) : null, forMe: forMe.map((r) => info(r, names, now)) };
  }

  async set(tenant: TenantContext, body: SetDelegationBody): Promise<MyDelegations> {
    const now = this.now();
    if (body.delegateMemberId === tenant.memberId)
      throw new FieldValidationError([{ field: 'delegateMemberId', key: 'workflow.delegation.self' }]);
    if (body.endsAt <= body.startsAt || body.endsAt <= now)
      throw new FieldValidationError([{ field: 'endsAt', key: 'workflow.delegation.period' }]);
    const active = await this.directory.activeMembers(tenant.engineCode, [body.delegateMemberId]);
    if (!active.has(body.delegateMemberId))
      throw new FieldValidationError([{ field: 'delegateMemberId', key: 'workflow.memberUnknown' }]);
    await this.db.transaction().execute(async (trx) => {
      await this.delegations.save(trx, {
        engine_code: tenant.engineCode,
        member_id: tenant.memberId,
        delegate_member_id: body.delegateMemberId,
        starts_at: body.startsAt,
        ends_at: body.endsAt,
        updated_at: now,
      });
      await recordAudit(
        trx,
        {
          engineCode: tenant.engineCode,
          actorMemberId: tenant.memberId,
          action: 'workflow.delegation.set',
          targetType: 'member',
          targetId: tenant.memberId,
          detail: { delegateMemberId: body.delegateMemberId, startsAt: body.startsAt, endsAt: body.endsAt },
        },
        now,
      );
    });
    return this.get(tenant);
  }

  async clear(tenant: TenantContext): Promise<MyDelegations> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.delegations.remove(trx, tenant.engineCode, tenant.memberId))) return;
      await recordAudit(
        trx,
        {
          engineCode: tenant.engineCode,
          actorMemberId: tenant.memberId,
          action: 'workflow.delegation.clear',
          targetType: 'member',
          targetId: tenant.memberId,
        },
        now,
      );
    });
    return this.get(tenant);
  }
}

function info(row: WorkflowDelegationsTable, names: Names, now: number): Delegation {
  const startsAt = Number(row.starts_at);
  const endsAt = Number(row.ends_at);
  return {
    member: memberRef(names, row.member_id) ?? { memberId: row.member_id, name: '' },
    delegate: memberRef(names, row.delegate_member_id) ?? { memberId: row.delegate_member_id, name: '' },
    startsAt,
    endsAt,
    active: startsAt <= now && now < endsAt,
  };
}
