import { randomBytes } from 'node:crypto';
import { APP_ICONS, APP_NAME_MAX, type AppItem, type AppPermission, Limits, richTextLength } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { retriedTransaction } from '../../db/transaction.js';
import { FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { moveHistoryEntries } from '../audit/history-entries.js';
import { changesBetween, emitEvent, recordAudit, teamEntry } from '../audit/record.js';
import { dropRollupsOf } from '../dashboards/rollup.js';
import { type AppAccess, appError, isTeamManager, requireEdit, requireOwnerAction, resolveApp } from './access.js';
import type { AppRepository, AppRow } from './repository.js';
import { insertDefaultRoles } from './role-rows.js';
import { sanitizeRichText } from './sanitize.js';

function checkName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new FieldValidationError([{ field: 'displayName', key: 'app.name.empty' }]);
  if ([...name].length > APP_NAME_MAX)
    throw new FieldValidationError([{ field: 'displayName', key: 'app.name.tooLong' }]);
  return name;
}

/** Apps: create, list in the member's order, settings, introduction, recycle bin, access check. */
export class AppService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AppRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Run inside the transaction that moves an app to the recycle bin (the workflow module terminates
   * the app's running flows there, spec §4).
   */
  private readonly deletionHooks: ((trx: Kysely<Database>, access: AppAccess) => Promise<void>)[] = [];
  onDelete(hook: (trx: Kysely<Database>, access: AppAccess) => Promise<void>): void {
    this.deletionHooks.push(hook);
  }

  resolve(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    includeDeleted = false,
  ): Promise<AppAccess> {
    return resolveApp(this.repo, tenant, appCode, adminHeader, { includeDeleted });
  }

  /** Rows to the spec's App shape, with roles, stars and schemas fetched once for all of them. */
  private async toItems(
    tenant: TenantContext,
    rows: AppRow[],
    preference?: { appSorts: string[]; collectedApps: string[] },
  ): Promise<AppItem[]> {
    const codes = rows.map((r) => r.code);
    const [roles, schemas, pref] = await Promise.all([
      this.repo.rolesOf(tenant.memberId, codes),
      this.repo.schemasOf(codes),
      preference ?? this.repo.preference(tenant.memberId),
    ]);
    const starred = new Set(pref.collectedApps);
    return rows.map((r) => ({
      code: r.code,
      displayName: r.display_name,
      color: r.color,
      icon: r.icon,
      displayMode: r.display_mode,
      description: r.description,
      isStoreUp: starred.has(r.code),
      // Not an owner or manager: the app reaches them through a role granted to them.
      roleName: roles.get(r.code) ?? (isTeamManager(tenant) ? 'teamAdmin' : 'member'),
      ownerName: r.owner_name ?? '',
      ownerUserId: r.owner_user_id ?? '',
      schemas: schemas
        .filter((s) => s.app_code === r.code)
        .map((s) => ({ code: s.code, displayName: s.display_name, tag: s.tag })),
      deletedAt: r.deleted_at ?? 0,
    }));
  }

  private async item(tenant: TenantContext, code: string): Promise<AppItem> {
    const row = await this.repo.find(tenant.engineCode, code);
    if (!row) throw appError(404, 'app.notFound');
    const [item] = await this.toItems(tenant, [row]);
    return item as AppItem;
  }

  /** Starred first, each group in the member's saved order; apps new to the member go last. */
  async list(tenant: TenantContext | null): Promise<AppItem[]> {
    if (!tenant) throw appError(403, 'org.noTeam');
    const facts = isTeamManager(tenant) ? null : await this.repo.facts(tenant);
    const rows = await this.repo.listActive(tenant.engineCode, facts);
    const preference = await this.repo.preference(tenant.memberId);
    const items = await this.toItems(tenant, rows, preference);
    const position = new Map(preference.appSorts.map((c, i) => [c, i]));
    const rank = (a: AppItem) => position.get(a.code) ?? Number.MAX_SAFE_INTEGER;
    return items.sort((a, b) => Number(b.isStoreUp) - Number(a.isStoreUp) || rank(a) - rank(b));
  }

  async get(tenant: TenantContext | null, appCode: string, adminHeader: boolean): Promise<AppItem> {
    const access = await this.resolve(tenant, appCode, adminHeader);
    return this.item(access.tenant, appCode);
  }

  async create(
    tenant: TenantContext | null,
    input: { displayName: string; color?: number; icon?: string; grantEveryone?: boolean },
  ): Promise<AppItem> {
    if (!tenant) throw appError(403, 'org.noTeam');
    const name = checkName(input.displayName);
    const code = `a${randomBytes(6).toString('hex')}`;
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('apps')
        .values({
          code,
          engine_code: tenant.engineCode,
          display_name: name,
          color: input.color ?? 0,
          icon: input.icon && APP_ICONS.includes(input.icon) ? input.icon : 'appstore',
          display_mode: 'list',
          description: '',
          state: 'ACTIVE',
          deleted_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx
        .insertInto('app_members')
        .values({ app_code: code, member_id: tenant.memberId, role: 'owner', created_at: now })
        .execute();
      await insertDefaultRoles(trx, tenant.engineCode, code, now, input.grantEveryone === true);
      await recordAudit(
        trx,
        {
          engineCode: tenant.engineCode,
          actorMemberId: tenant.memberId,
          action: 'app.create',
          targetType: 'app',
          targetId: code,
          detail: { name },
        },
        now,
      );
    });
    return this.item(tenant, code);
  }

  async update(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    input: { displayName?: string; color?: number; icon?: string; displayMode?: string },
  ): Promise<AppItem> {
    const access = await this.resolve(tenant, appCode, adminHeader);
    requireEdit(access);
    const patch = {
      ...(input.displayName !== undefined ? { display_name: checkName(input.displayName) } : {}),
      ...(input.color !== undefined ? { color: input.color } : {}),
      ...(input.icon !== undefined && APP_ICONS.includes(input.icon) ? { icon: input.icon } : {}),
      ...(input.displayMode !== undefined ? { display_mode: input.displayMode } : {}),
    };
    if (Object.keys(patch).length) {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('apps')
          .set({ ...patch, updated_at: this.now() })
          .where('engine_code', '=', access.tenant.engineCode)
          .where('code', '=', appCode)
          .execute();
        const changes = changesBetween(access.app as unknown as Record<string, unknown>, patch);
        const action = patch.display_name !== undefined ? 'app.rename' : 'app.update';
        const entry = teamEntry(access.tenant, action, { type: 'app', id: appCode }, { changes });
        await recordAudit(trx, entry, this.now());
      });
    }
    return this.item(access.tenant, appCode);
  }

  /** Spec §5: not empty (请输入应用介绍！), at most 2000 visible characters (输入内容超过最大限制！). */
  async setDescription(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    html: string,
  ): Promise<AppItem> {
    const access = await this.resolve(tenant, appCode, adminHeader);
    requireEdit(access);
    const clean = sanitizeRichText(html);
    const length = richTextLength(clean);
    if (!clean.replace(/<[^>]*>/g, '').trim())
      throw new FieldValidationError([{ field: 'description', key: 'app.intro.empty' }]);
    if (length > Limits.appIntroMax)
      throw new FieldValidationError([{ field: 'description', key: 'app.intro.tooLong' }]);
    await this.db
      .updateTable('apps')
      .set({ description: clean, updated_at: this.now() })
      .where('engine_code', '=', access.tenant.engineCode)
      .where('code', '=', appCode)
      .execute();
    return this.item(access.tenant, appCode);
  }

  async permission(tenant: TenantContext | null, appCode: string, adminHeader: boolean): Promise<AppPermission> {
    const access = await this.resolve(tenant, appCode, adminHeader);
    return {
      isAppOwner: access.isOwner,
      // Holding app roles (and not owning or managing) is being one of the app's members.
      roleName: access.role ?? (access.roles.length ? 'member' : ''),
      app: { edit: access.canEdit },
      adminMode: access.adminMode,
    };
  }

  /** Spec §2: okFlag false sends the browser to nextPageUrl (the app-unavailable page). */
  async accessCheck(tenant: TenantContext | null, appCode: string, adminHeader: boolean) {
    try {
      await this.resolve(tenant, appCode, adminHeader);
      return { okFlag: true, nextPageUrl: '' };
    } catch {
      return { okFlag: false, nextPageUrl: '/appNotFound' };
    }
  }

  /** Moves an app in or out of the recycle bin, with its audit entry (and event) in the same transaction. */
  private async changeState(access: AppAccess, state: 'ACTIVE' | 'DELETED', action: string): Promise<void> {
    const now = this.now();
    const { engineCode, memberId } = access.tenant;
    const appCode = access.app.code;
    // Terminating the app's flows takes kept-count rows an action may hold: a deadlock's victim runs again.
    await retriedTransaction(this.db, async (trx) => {
      await trx
        .updateTable('apps')
        .set({ state, deleted_at: state === 'DELETED' ? now : null, updated_at: now })
        .where('engine_code', '=', engineCode)
        .where('code', '=', appCode)
        .execute();
      const detail = { name: access.app.display_name };
      await recordAudit(
        trx,
        { engineCode, actorMemberId: memberId, action, targetType: 'app', targetId: appCode, detail },
        now,
      );
      if (state === 'DELETED') {
        for (const hook of this.deletionHooks) await hook(trx, access);
        await emitEvent(trx, { engineCode, type: 'app.deleted', payload: { appCode } }, now);
      }
    });
  }

  async remove(tenant: TenantContext | null, appCode: string, adminHeader: boolean): Promise<void> {
    const access = await this.resolve(tenant, appCode, adminHeader);
    requireOwnerAction(access);
    await this.changeState(access, 'DELETED', 'app.delete');
  }

  async recycleBin(tenant: TenantContext | null): Promise<AppItem[]> {
    if (!tenant) throw appError(403, 'org.noTeam');
    const rows = await this.repo.listDeleted(tenant.engineCode, isTeamManager(tenant) ? null : tenant.memberId);
    return this.toItems(tenant, rows);
  }

  /** Restoring and purging: the app's owner, or a team owner/admin. */
  private async deletedApp(tenant: TenantContext | null, appCode: string): Promise<AppAccess> {
    const access = await this.resolve(tenant, appCode, false, true);
    if (access.app.state !== 'DELETED') throw appError(404, 'app.notDeleted');
    if (!access.isOwner && !isTeamManager(access.tenant)) throw appError(403, 'app.ownerOnly');
    return access;
  }

  async restore(tenant: TenantContext | null, appCode: string): Promise<AppItem> {
    const access = await this.deletedApp(tenant, appCode);
    await this.changeState(access, 'ACTIVE', 'app.restore');
    return this.item(access.tenant, appCode);
  }

  async purge(tenant: TenantContext | null, appCode: string): Promise<void> {
    const access = await this.deletedApp(tenant, appCode);
    const now = this.now();
    const engineCode = access.tenant.engineCode;
    const tables = await this.db
      .selectFrom('schemas')
      .select(['code', 'table_name'])
      .where('app_code', '=', appCode)
      .execute();
    // The log's entries still riding on the history rows that go with the table (SQLite) are written first.
    await moveHistoryEntries(this.db, { wait: true });
    await this.db.transaction().execute(async (trx) => {
      // Deleting for good removes the app's data tables too (their metadata cascades with the app),
      // first their dashboards' roll-ups, and their imports' history.
      await dropRollupsOf(trx, { tables: tables.map((t) => t.table_name) });
      for (const { table_name } of tables) await trx.schema.dropTable(table_name).ifExists().execute();
      const codes = tables.map((t) => t.code);
      if (codes.length)
        for (const kept of ['record_imports', 'record_indexes'] as const)
          await trx.deleteFrom(kept).where('engine_code', '=', engineCode).where('schema_code', 'in', codes).execute();
      await trx.deleteFrom('apps').where('engine_code', '=', engineCode).where('code', '=', appCode).execute();
      // Not tied to the app by a foreign key: its data sources (their sync tables went with its nodes),
      // where it was installed from, and its roles and their grants.
      for (const owned of ['data_sources', 'app_origins', 'app_roles', 'app_role_grants'] as const)
        await trx.deleteFrom(owned).where('engine_code', '=', engineCode).where('app_code', '=', appCode).execute();
      await recordAudit(
        trx,
        {
          engineCode,
          actorMemberId: access.tenant.memberId,
          action: 'app.purge',
          targetType: 'app',
          targetId: appCode,
          detail: { name: access.app.display_name },
        },
        now,
      );
    });
  }

  async preference(tenant: TenantContext | null) {
    if (!tenant) throw appError(403, 'org.noTeam');
    return this.repo.preference(tenant.memberId);
  }

  async savePreference(tenant: TenantContext | null, appSorts: string[], collectedApps: string[]): Promise<void> {
    if (!tenant) throw appError(403, 'org.noTeam');
    const starredSet = new Set(collectedApps);
    const sorts = [...new Set(appSorts)];
    // Spec §4: the saved order is all app codes, starred first, each group in the member's order.
    const starred = [...sorts.filter((c) => starredSet.has(c)), ...[...starredSet].filter((c) => !sorts.includes(c))];
    const order = [...starred, ...sorts.filter((c) => !starredSet.has(c))];
    await this.repo.savePreference(tenant.engineCode, tenant.memberId, order, starred, this.now());
  }
}
