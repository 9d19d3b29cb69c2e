import type { Delegation, DelegationScopes, MyDelegations, SetDelegationBody } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, WorkflowDelegationsTable } from '../../db/schema.js';
import { type FieldProblem, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { isTeamManager } from '../apps/access.js';
import { recordAudit } from '../audit/record.js';
import { type DelegationRepository, scopeOf } from './delegation-repository.js';
import type { DirectoryRepository } from './directory-repository.js';
import type { Names } from './dto.js';
import { memberRef } from './dto.js';
import type { WorkflowRepository } from './repository.js';

type Db = Kysely<Database>;

/** Names of the apps and flows the shown delegations cover. */
interface ScopeNames {
  apps: Map<string, string>;
  flows: Map<string, string>;
}

/**
 * A member's own out-of-office delegation: set (to another active member of the team, for a
 * period that ends after it starts and after now, for every flow or for chosen apps and flows,
 * with a note), read, clear. Items already delegated stay with the delegate when the delegation
 * ends or is cleared; only new items follow it.
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
    const scopes = rows.map(scopeOf);
    const [names, apps, flows] = await Promise.all([
      this.repo.memberNames(
        tenant.engineCode,
        rows.flatMap((r) => [r.member_id, r.delegate_member_id]),
      ),
      this.delegations.appNames(tenant.engineCode, [...new Set(scopes.flatMap((s) => s.appCodes))]),
      this.delegations.flows(tenant.engineCode, {
        workflowCodes: [...new Set(scopes.flatMap((s) => s.workflowCodes))],
      }),
    ]);
    const scopeNames: ScopeNames = { apps, flows: new Map(flows.map((f) => [f.workflow_code, f.name])) };
    return {
      mine: mine ? info(mine, names, scopeNames, now) : null,
      forMe: forMe.map((r) => info(r, names, scopeNames, now)),
    };
  }

  /** The apps (with their published flows) the asker may delegate. */
  async scopes(tenant: TenantContext): Promise<DelegationScopes> {
    const appCodes = await this.delegations.scopeApps(tenant, isTeamManager(tenant));
    const flows = await this.delegations.flows(tenant.engineCode, { appCodes });
    const apps = new Map<string, DelegationScopes['apps'][number]>();
    for (const f of flows) {
      const app = apps.get(f.app_code) ?? { appCode: f.app_code, appName: f.app_name, flows: [] };
      app.flows.push({ workflowCode: f.workflow_code, name: f.name });
      apps.set(f.app_code, app);
    }
    return { apps: [...apps.values()] };
  }

  async set(tenant: TenantContext, body: SetDelegationBody): Promise<MyDelegations> {
    const now = this.now();
    const problems: FieldProblem[] = [];
    if (body.delegateMemberId === tenant.memberId)
      problems.push({ field: 'delegateMemberId', key: 'workflow.delegation.self' });
    else if (
      !(await this.directory.activeMembers(tenant.engineCode, [body.delegateMemberId])).has(body.delegateMemberId)
    )
      problems.push({ field: 'delegateMemberId', key: 'workflow.memberUnknown' });
    if (body.endsAt <= body.startsAt || body.endsAt <= now)
      problems.push({ field: 'endsAt', key: 'workflow.delegation.period' });
    const chosen = body.scope === 'chosen';
    const appCodes = chosen ? [...new Set(body.appCodes ?? [])] : [];
    const workflowCodes = chosen ? [...new Set(body.workflowCodes ?? [])] : [];
    if (chosen) problems.push(...(await this.scopeProblems(tenant, appCodes, workflowCodes)));
    if (problems.length) throw new FieldValidationError(problems);
    const note = (body.note ?? '').trim();
    await this.db.transaction().execute(async (trx) => {
      await this.delegations.save(trx, {
        engine_code: tenant.engineCode,
        member_id: tenant.memberId,
        delegate_member_id: body.delegateMemberId,
        starts_at: body.startsAt,
        ends_at: body.endsAt,
        updated_at: now,
        note,
        app_codes: JSON.stringify(appCodes),
        workflow_codes: JSON.stringify(workflowCodes),
      });
      await recordAudit(
        trx,
        {
          engineCode: tenant.engineCode,
          actorMemberId: tenant.memberId,
          action: 'workflow.delegation.set',
          targetType: 'member',
          targetId: tenant.memberId,
          detail: {
            delegateMemberId: body.delegateMemberId,
            startsAt: body.startsAt,
            endsAt: body.endsAt,
            appCodes,
            workflowCodes,
          },
        },
        now,
      );
    });
    return this.get(tenant);
  }

  /** Chosen apps and flows: at least one, each one the asker may delegate. */
  private async scopeProblems(
    tenant: TenantContext,
    appCodes: string[],
    workflowCodes: string[],
  ): Promise<FieldProblem[]> {
    if (!appCodes.length && !workflowCodes.length)
      return [{ field: 'appCodes', key: 'workflow.delegation.scopeEmpty' }];
    const allowed = new Set(await this.delegations.scopeApps(tenant, isTeamManager(tenant)));
    const problems: FieldProblem[] = [];
    if (appCodes.some((c) => !allowed.has(c)))
      problems.push({ field: 'appCodes', key: 'workflow.delegation.scopeUnknown' });
    const flows = await this.delegations.flows(tenant.engineCode, { workflowCodes });
    const known = new Set(flows.filter((f) => allowed.has(f.app_code)).map((f) => f.workflow_code));
    if (workflowCodes.some((c) => !known.has(c)))
      problems.push({ field: 'workflowCodes', key: 'workflow.delegation.scopeUnknown' });
    return problems;
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

function info(row: WorkflowDelegationsTable, names: Names, scopes: ScopeNames, now: number): Delegation {
  const startsAt = Number(row.starts_at);
  const endsAt = Number(row.ends_at);
  const { appCodes, workflowCodes } = scopeOf(row);
  return {
    member: memberRef(names, row.member_id) ?? { memberId: row.member_id, name: '' },
    delegate: memberRef(names, row.delegate_member_id) ?? { memberId: row.delegate_member_id, name: '' },
    startsAt,
    endsAt,
    active: startsAt <= now && now < endsAt,
    note: row.note,
    apps: appCodes.map((code) => ({ code, name: scopes.apps.get(code) ?? code })),
    flows: workflowCodes.map((code) => ({ code, name: scopes.flows.get(code) ?? code })),
  };
}
