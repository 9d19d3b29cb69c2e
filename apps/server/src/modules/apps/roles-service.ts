import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { recordAudit } from '../audit/record.js';
import { appError, requireEdit, requireOwnerAction, resolveApp } from './access.js';
import type { AppRepository } from './repository.js';
import { grantMemberRole, removeFromApp } from './role-rows.js';

/** Who works in an app: owner (exactly one), managers and members; transfer and exit. */
export class AppRoleService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AppRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** The owner, the managers and the members granted 成员 by name (the app members' page). */
  async list(tenant: TenantContext | null, appCode: string, adminHeader: boolean) {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    const rows = await this.repo.listRoles(access.app.code);
    return rows.map((r) => ({
      userId: r.user_id,
      memberId: r.member_id,
      userName: r.user_name,
      avatarUrl: r.avatar_url,
      role: r.role,
    }));
  }

  /** Managers may add members; only the owner (or admin mode) may appoint managers. */
  async add(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    userIds: string[],
    role: 'manager' | 'member',
  ) {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireEdit(access);
    if (role === 'manager') requireOwnerAction(access);
    const members = await this.repo.membersForUsers(access.tenant.engineCode, [...new Set(userIds)]);
    if (members.length !== new Set(userIds).size)
      throw new FieldValidationError([{ field: 'userIds', key: 'app.notInTeam' }]);
    const current = new Map((await this.repo.listRoles(appCode)).map((r) => [r.member_id, r.role]));
    if (members.some((m) => current.get(m.member_id) === 'owner')) throw appError(400, 'app.ownerRole');
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      for (const m of members) {
        if (role === 'manager') {
          await trx
            .insertInto('app_members')
            .values({ app_code: appCode, member_id: m.member_id, role, created_at: now })
            .onConflict((oc) => oc.columns(['app_code', 'member_id']).doUpdateSet({ role }))
            .execute();
          continue;
        }
        // 成员 is a role granted by name (issue 27); a manager made a member stops managing.
        await trx
          .deleteFrom('app_members')
          .where('app_code', '=', appCode)
          .where('member_id', '=', m.member_id)
          .execute();
        await grantMemberRole(trx, access.tenant.engineCode, appCode, m.member_id, now);
      }
      await recordAudit(
        trx,
        {
          engineCode: access.tenant.engineCode,
          actorMemberId: access.tenant.memberId,
          action: 'app.role.add',
          targetType: 'app',
          targetId: appCode,
          detail: { role, userIds },
        },
        now,
      );
    });
  }

  async remove(tenant: TenantContext | null, appCode: string, adminHeader: boolean, userIds: string[]) {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireEdit(access);
    const members = await this.repo.membersForUsers(access.tenant.engineCode, userIds);
    const current = new Map((await this.repo.listRoles(appCode)).map((r) => [r.member_id, r.role]));
    if (members.some((m) => current.get(m.member_id) === 'owner')) throw appError(400, 'app.ownerRole');
    // Removing a manager is an owner action, like appointing one.
    if (members.some((m) => current.get(m.member_id) === 'manager')) requireOwnerAction(access);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await removeFromApp(
        trx,
        appCode,
        members.map((m) => m.member_id),
      );
      await recordAudit(
        trx,
        {
          engineCode: access.tenant.engineCode,
          actorMemberId: access.tenant.memberId,
          action: 'app.role.remove',
          targetType: 'app',
          targetId: appCode,
          detail: { userIds },
        },
        now,
      );
    });
  }

  /** The new owner becomes owner; the former owner becomes a manager (spec §4). */
  async transfer(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    originalOwnerId: string,
    newOwnerId: string,
  ) {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireOwnerAction(access);
    const roles = await this.repo.listRoles(appCode);
    const owner = roles.find((r) => r.role === 'owner');
    if (originalOwnerId && owner && owner.user_id !== originalOwnerId) throw appError(409, 'app.ownerRole');
    const [target] = await this.repo.membersForUsers(access.tenant.engineCode, [newOwnerId]);
    if (!target) throw new FieldValidationError([{ field: 'newOwnerId', key: 'app.notInTeam' }]);
    if (owner?.member_id === target.member_id) return;
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      if (owner)
        await trx
          .updateTable('app_members')
          .set({ role: 'manager' })
          .where('app_code', '=', appCode)
          .where('member_id', '=', owner.member_id)
          .execute();
      await trx
        .insertInto('app_members')
        .values({ app_code: appCode, member_id: target.member_id, role: 'owner', created_at: now })
        .onConflict((oc) => oc.columns(['app_code', 'member_id']).doUpdateSet({ role: 'owner' }))
        .execute();
      await recordAudit(
        trx,
        {
          engineCode: access.tenant.engineCode,
          actorMemberId: access.tenant.memberId,
          action: 'app.transfer',
          targetType: 'app',
          targetId: appCode,
          detail: { from: owner?.user_id ?? '', to: newOwnerId },
        },
        now,
      );
    });
  }

  /**
   * Leaving an app: the owner must hand it over first. What leaves is the member's own place (manager,
   * roles granted by name); roles reaching them through a department or everyone stay.
   */
  async exit(tenant: TenantContext | null, appCode: string) {
    const access = await resolveApp(this.repo, tenant, appCode, false);
    if (access.isOwner) throw appError(400, 'app.ownerMustTransfer');
    if (!access.role && !access.roles.length) throw appError(404, 'app.notFound');
    const memberId = access.tenant.memberId;
    await this.db.transaction().execute((trx) => removeFromApp(trx, appCode, [memberId]));
  }
}
