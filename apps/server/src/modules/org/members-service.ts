import {
  ErrorCode,
  FeatureCode,
  isExternalUserId,
  type MemberPageBody,
  type MemberRow,
  type UserInfo,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { recordAudit, teamEntry } from '../audit/record.js';
import type { DepartmentService } from './departments-service.js';
import { forbidden, notFound, requireManager, requireOwner, requireTenant } from './guards.js';
import type { MemberRecord, OrgRepository } from './repository.js';

const KNOWN_FEATURES = new Set<string>(Object.values(FeatureCode));

/** Members of the current team: the address book, privacy, departments, roles, state, ownership. */
export class MemberService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: OrgRepository,
    private readonly departments: DepartmentService,
    private readonly now: () => number = Date.now,
  ) {}

  /** Contact fields follow the member's privacy choice, except for themselves and the team's managers. */
  private hiddenItems(tenant: TenantContext, r: MemberRecord): string[] {
    const seesAll = tenant.role === 'owner' || tenant.role === 'admin';
    return seesAll || r.member_id === tenant.memberId ? [] : r.privacy_items.split(',');
  }

  private async toRows(tenant: TenantContext, records: MemberRecord[]): Promise<MemberRow[]> {
    const departments = await this.repo.departmentsOf(records.map((r) => r.member_id));
    return records.map((r) => {
      const mine = departments.filter((d) => d.member_id === r.member_id);
      const hidden = this.hiddenItems(tenant, r);
      return {
        memberId: r.member_id,
        userId: r.user_id,
        userName: r.user_name,
        avatarUrl: r.avatar_url,
        mobile: hidden.includes('mobile') ? '' : (r.mobile ?? ''),
        email: hidden.includes('email') ? '' : (r.email ?? ''),
        role: r.role,
        state: r.state,
        departments: mine.map((d) => ({ objectId: d.object_id, name: d.name })),
        mainDepartmentId: mine.find((d) => d.is_main === 1)?.object_id ?? mine[0]?.object_id ?? '',
        joinedAt: r.created_at,
      };
    });
  }

  /**
   * Spec §3 User info by user id. Only people of the caller's current team answer (anyone else is
   * "no such member", whether or not the user exists); deactivated members only for managers, as in
   * the address book. An id starting with # is an external person and reveals nothing.
   */
  async userInfo(tenant: TenantContext | null, userId: string): Promise<UserInfo> {
    const t = requireTenant(tenant);
    const empty = { memberId: '', department: '', departmentId: '', departments: [] };
    const photo = (url: string) => ({
      avatarUrl: url,
      profilePhotoUrl: url,
      mediumProfilePhotoUrl: url,
      bigProfilePhotoUrl: url,
    });
    if (isExternalUserId(userId)) {
      return {
        id: userId,
        name: '',
        ...photo(''),
        personalSignature: '',
        mobile: '',
        email: '',
        ...empty,
        external: true,
      };
    }
    const r = await this.repo.findMemberByUser(t.engineCode, userId);
    const managers = t.role === 'owner' || t.role === 'admin';
    if (!r || (r.state !== 'ACTIVE' && !managers && r.member_id !== t.memberId)) throw notFound('org.memberNotFound');
    const [row] = await this.toRows(t, [r]);
    if (!row) throw notFound('org.memberNotFound');
    const main = row.departments.find((d) => d.objectId === row.mainDepartmentId);
    return {
      ...empty,
      id: r.user_id,
      memberId: r.member_id,
      name: r.user_name,
      ...photo(r.avatar_url),
      personalSignature: r.personal_signature,
      mobile: row.mobile,
      email: row.email,
      department: main?.name ?? '',
      departmentId: main?.objectId ?? '',
      departments: row.departments,
      external: false,
    };
  }

  /** Names for stored member values: one query, this team only (other ids are simply absent). */
  async byIds(tenant: TenantContext | null, ids: string[]): Promise<MemberRow[]> {
    const t = requireTenant(tenant);
    return this.toRows(t, await this.repo.findMembers(t.engineCode, [...new Set(ids)]));
  }

  async page(
    tenant: TenantContext | null,
    body: MemberPageBody,
  ): Promise<{ resultList: MemberRow[]; totalCount: number }> {
    const t = requireTenant(tenant);
    if (body.state === 'INACTIVE' && t.role === 'member') throw forbidden('org.managersOnly');
    let departmentIds: string[] | undefined;
    if (body.departmentId) {
      const { byId, descendants } = await this.departments.tree(t.engineCode);
      if (!byId.has(body.departmentId)) throw notFound('org.departmentNotFound');
      departmentIds = body.deep ? descendants(body.departmentId) : [body.departmentId];
    }
    const { rows, total } = await this.repo.pageMembers(t.engineCode, {
      departmentIds,
      keyword: body.keyword?.trim() || undefined,
      state: body.state ?? 'ACTIVE',
      limit: body.pageSize,
      offset: body.pageIndex * body.pageSize,
    });
    return { resultList: await this.toRows(t, rows), totalCount: total };
  }

  async departmentMembers(
    tenant: TenantContext | null,
    id: string,
    state: 'ACTIVE' | 'INACTIVE',
  ): Promise<MemberRow[]> {
    const t = state === 'INACTIVE' ? requireManager(tenant) : requireTenant(tenant);
    if (!(await this.repo.findDepartment(t.engineCode, id))) throw notFound('org.departmentNotFound');
    const { rows } = await this.repo.pageMembers(t.engineCode, { departmentIds: [id], state, limit: 1000, offset: 0 });
    return this.toRows(t, rows);
  }

  private async requireMember(t: TenantContext, memberId: string): Promise<MemberRecord> {
    const member = await this.repo.findMember(t.engineCode, memberId);
    if (!member) throw notFound('org.memberNotFound');
    return member;
  }

  /** The new owner becomes owner and the former owner an admin (DESIGN.md reading of the spec). */
  async changeOwner(tenant: TenantContext | null, memberId: string): Promise<void> {
    const t = requireOwner(tenant);
    const target = await this.requireMember(t, memberId);
    if (target.member_id === t.memberId) return;
    if (target.state !== 'ACTIVE') throw notFound('org.memberNotFound');
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('members').set({ role: 'owner' }).where('member_id', '=', target.member_id).execute();
      await trx.updateTable('members').set({ role: 'admin' }).where('member_id', '=', t.memberId).execute();
      await trx
        .updateTable('engines')
        .set({ owner_user_id: target.user_id, updated_at: now })
        .where('engine_code', '=', t.engineCode)
        .execute();
      const changes = [{ field: 'owner', name: 'owner', from: t.memberId, to: target.member_id }];
      await recordAudit(trx, teamEntry(t, 'member.owner', { type: 'member', id: target.member_id }, { changes }), now);
    });
  }

  async getPrivacy(tenant: TenantContext | null): Promise<{ privacyItems: ('mobile' | 'email')[] }> {
    const t = requireTenant(tenant);
    const me = await this.requireMember(t, t.memberId);
    return {
      privacyItems: me.privacy_items.split(',').filter((i): i is 'mobile' | 'email' => i === 'mobile' || i === 'email'),
    };
  }

  async setPrivacy(tenant: TenantContext | null, items: ('mobile' | 'email')[]): Promise<void> {
    const t = requireTenant(tenant);
    await this.db
      .updateTable('members')
      .set({ privacy_items: [...new Set(items)].sort().join(',') })
      .where('member_id', '=', t.memberId)
      .where('engine_code', '=', t.engineCode)
      .execute();
  }

  async setMainDepartment(
    tenant: TenantContext | null,
    memberId: string | undefined,
    departmentId: string,
  ): Promise<void> {
    const t = requireTenant(tenant);
    const target = memberId ?? t.memberId;
    if (target !== t.memberId) requireManager(t);
    const rows = await this.db
      .selectFrom('member_departments')
      .select('department_id')
      .where('member_id', '=', target)
      .where('engine_code', '=', t.engineCode)
      .execute();
    if (!rows.some((r) => r.department_id === departmentId)) throw notFound('org.departmentNotFound');
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('member_departments').set({ is_main: 0 }).where('member_id', '=', target).execute();
      await trx
        .updateTable('member_departments')
        .set({ is_main: 1 })
        .where('member_id', '=', target)
        .where('department_id', '=', departmentId)
        .execute();
      const entry = teamEntry(t, 'member.mainDepartment', { type: 'member', id: target }, { detail: { departmentId } });
      await recordAudit(trx, entry, this.now());
    });
  }

  /** Moves a member: replaces their departments; the first listed becomes the main one. */
  async setDepartments(tenant: TenantContext | null, memberId: string, departmentIds: string[]): Promise<void> {
    const t = requireManager(tenant);
    await this.requireMember(t, memberId);
    const { byId } = await this.departments.tree(t.engineCode);
    const ids = [...new Set(departmentIds)];
    if (ids.some((id) => !byId.has(id))) throw notFound('org.departmentNotFound');
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('member_departments').where('member_id', '=', memberId).execute();
      await trx
        .insertInto('member_departments')
        .values(
          ids.map((id, i) => ({
            member_id: memberId,
            department_id: id,
            engine_code: t.engineCode,
            is_main: i === 0 ? 1 : 0,
          })),
        )
        .execute();
      const entry = teamEntry(
        t,
        'member.departments',
        { type: 'member', id: memberId },
        { detail: { departmentIds: ids } },
      );
      await recordAudit(trx, entry, this.now());
    });
  }

  async setRole(tenant: TenantContext | null, memberId: string, role: 'admin' | 'member'): Promise<void> {
    const t = requireOwner(tenant);
    const target = await this.requireMember(t, memberId);
    if (target.role === 'owner') throw new AppError(400, ErrorCode.conflict, 'org.ownerRole');
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('members')
        .set({ role })
        .where('member_id', '=', memberId)
        .where('engine_code', '=', t.engineCode)
        .execute();
      const changes = [{ field: 'role', name: 'role', from: target.role, to: role }];
      await recordAudit(trx, teamEntry(t, 'member.role', { type: 'member', id: memberId }, { changes }), this.now());
    });
  }

  async setState(tenant: TenantContext | null, memberId: string, state: 'ACTIVE' | 'INACTIVE'): Promise<void> {
    const t = requireManager(tenant);
    const target = await this.requireMember(t, memberId);
    if (target.role === 'owner' || target.member_id === t.memberId)
      throw new AppError(400, ErrorCode.conflict, 'org.ownerRole');
    // An admin cannot switch off another admin; only the owner can.
    if (target.role === 'admin' && t.role !== 'owner') throw forbidden('org.ownerOnly');
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('members')
        .set({ state })
        .where('member_id', '=', memberId)
        .where('engine_code', '=', t.engineCode)
        .execute();
      const changes = [{ field: 'state', name: 'state', from: target.state, to: state }];
      await recordAudit(trx, teamEntry(t, 'member.state', { type: 'member', id: memberId }, { changes }), this.now());
    });
  }

  async setFeatures(tenant: TenantContext | null, featureList: string[]): Promise<void> {
    const t = requireManager(tenant);
    const unknown = featureList.find((f) => !KNOWN_FEATURES.has(f));
    if (unknown)
      throw new FieldValidationError([{ field: 'featureList', key: 'org.unknownFeature', params: { code: unknown } }]);
    const codes = [...new Set(featureList)];
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('engine_features').where('engine_code', '=', t.engineCode).execute();
      if (codes.length) {
        await trx
          .insertInto('engine_features')
          .values(codes.map((feature_code) => ({ engine_code: t.engineCode, feature_code })))
          .execute();
      }
      const entry = teamEntry(
        t,
        'team.features',
        { type: 'team', id: t.engineCode },
        { detail: { featureList: codes } },
      );
      await recordAudit(trx, entry, this.now());
    });
  }
}
