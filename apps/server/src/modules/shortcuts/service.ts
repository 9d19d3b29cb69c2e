import { randomBytes } from 'node:crypto';
import {
  APP_COLORS,
  type CreateShortcutsBody,
  type DashboardNode,
  DashboardNodeMode,
  DashboardNodeType,
  defaultShortcutName,
  ErrorCode,
  isShortcutName,
  readFrontExtraData,
  readShortcutProperties,
  SHORTCUT_MAX,
  type Shortcut,
  type ShortcutList,
  type ShortcutProperties,
  type ShortcutTreeApp,
  type ShortcutType,
  type UpdateShortcutBody,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, ShortcutsTable } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { appError, isTeamManager, resolveApp } from '../apps/access.js';
import type { AppRepository } from '../apps/repository.js';
import { recordAudit } from '../audit/record.js';
import { allows, type SchemaContexts } from '../schema-context/context.js';
import type { ShortcutRepository } from './repository.js';
import { shortcutLook } from './shortcut-look.js';
import { allowsQuickAdd, isShortcutTarget, shortcutTree } from './tree.js';

const rootCode = (engineCode: string) => `root-${engineCode}`;

/** The node as the spec shows it (§3): `properties` and `frontExtraData` are JSON text. */
function toNode(row: ShortcutsTable, layout?: string[]): DashboardNode {
  const props = readShortcutProperties(row.properties);
  const properties: ShortcutProperties = {};
  if (props.color !== undefined) properties.color = props.color;
  if (props.icon !== undefined) properties.icon = props.icon;
  if (layout ?? props.layout) properties.layout = layout ?? props.layout;
  return {
    code: row.code,
    parentCode: row.parent_code,
    reference: { appCode: row.app_code, schemaCode: row.schema_code },
    displayName: row.display_name,
    type: row.type,
    mode: row.mode,
    properties: JSON.stringify(properties),
    frontExtraData: JSON.stringify(readFrontExtraData(row.front_extra_data)),
  };
}

const nameProblem = () => new FieldValidationError([{ field: 'displayName', key: 'shortcut.name.length' }]);
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || /UNIQUE constraint failed/.test(err.message ?? '');
};
const alreadyAdded = () => new AppError(409, ErrorCode.conflict, 'shortcut.alreadyAdded');

const isPrivate = (row: Pick<ShortcutsTable, 'mode'>) => row.mode === DashboardNodeMode.private;
const locked = () => new AppError(400, ErrorCode.validationFailed, 'shortcut.locked');

/**
 * The workbench's shortcuts (spec §3 dashboard nodes and modes, §4 order, §5 rules, §6 permissions).
 * The team's shortcuts (public, locked) are managed by the team owner and seen by every member;
 * locked ones come first and stay as they are until the owner unlocks them. Any member may add
 * private shortcuts that only they see and manage. Shortcuts open an app (type 1), add to a table
 * (2) or view a table or dashboard (3); each member sees what they may do with each target now.
 */
export class ShortcutService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: ShortcutRepository,
    private readonly apps: AppRepository,
    private readonly contexts: SchemaContexts,
    private readonly now: () => number = Date.now,
  ) {}

  private team(tenant: TenantContext | null): TenantContext {
    if (!tenant) throw appError(403, 'org.noTeam');
    return tenant;
  }

  /** Spec §6: only the team owner creates, renames, recolours, re-icons, deletes and reorders. */
  private manager(tenant: TenantContext | null): TenantContext {
    const team = this.team(tenant);
    if (team.role !== 'owner') throw appError(403, 'shortcut.ownerOnly');
    return team;
  }

  private rootRow(tenant: TenantContext, layout: string[] = []): ShortcutsTable {
    const now = this.now();
    return {
      code: rootCode(tenant.engineCode),
      engine_code: tenant.engineCode,
      parent_code: '',
      app_code: '',
      schema_code: '',
      display_name: 'root',
      type: DashboardNodeType.root,
      mode: DashboardNodeMode.public,
      owner_member_id: '',
      properties: JSON.stringify({ layout }),
      front_extra_data: '{}',
      created_by: tenant.memberId,
      created_at: now,
      updated_at: now,
    };
  }

  /** What this member may do with a shortcut's target now. */
  private async reach(tenant: TenantContext, row: ShortcutsTable): Promise<Shortcut['reach']> {
    const app = await this.apps.find(tenant.engineCode, row.app_code);
    if (!app || app.state !== 'ACTIVE') return { app: false, add: false, view: false };
    const kind = readFrontExtraData(row.front_extra_data).type;
    try {
      if (kind === 'Dashboard' || row.type === DashboardNodeType.app) {
        const access = await resolveApp(this.apps, tenant, row.app_code, false);
        return { app: true, add: false, view: access.canView };
      }
      const ctx = await this.contexts.context(tenant, row.app_code, row.schema_code, false);
      return { app: true, add: allows(ctx, 'add'), view: allows(ctx, 'view') };
    } catch {
      // No role in the app, or the table is gone: nothing to do there.
      return { app: true, add: false, view: false };
    }
  }

  /** The team's shortcuts and this member's private ones (others' private ones are not theirs to see). */
  private visible(team: TenantContext, rows: ShortcutsTable[]): ShortcutsTable[] {
    return rows.filter((r) => !isPrivate(r) || r.owner_member_id === team.memberId);
  }

  /** Who may change a shortcut: its creator a private one, the team owner a team one; a locked one nobody. */
  private mayManage(team: TenantContext, row: ShortcutsTable): boolean {
    if (isPrivate(row)) return row.owner_member_id === team.memberId;
    return row.mode !== DashboardNodeMode.lock && team.role === 'owner';
  }

  /** A shortcut this member sees (a root, another's private one or none at all: not found). */
  private async visibleRow(team: TenantContext, code: string): Promise<ShortcutsTable> {
    const row = await this.repo.find(team.engineCode, code);
    if (!row || row.type === DashboardNodeType.root || !this.visible(team, [row]).length)
      throw appError(404, 'shortcut.notFound');
    return row;
  }

  /** A team shortcut needs the team owner; a private one its creator. */
  private requireManager(team: TenantContext, row: ShortcutsTable): void {
    if (isPrivate(row) ? row.owner_member_id !== team.memberId : team.role !== 'owner')
      throw appError(403, 'shortcut.ownerOnly');
  }

  async list(tenant: TenantContext | null): Promise<ShortcutList> {
    const team = this.team(tenant);
    const rows = await this.repo.list(team.engineCode);
    const root = rows.find((r) => r.type === DashboardNodeType.root) ?? this.rootRow(team);
    const shortcuts = this.visible(
      team,
      rows.filter((r) => r.type !== DashboardNodeType.root),
    );
    const layout = readShortcutProperties(root.properties).layout ?? [];
    const position = new Map(layout.map((code, i) => [code, i]));
    // Locked ones first; codes missing from the layout (a concurrent add, private ones) go last, oldest first.
    const ordered = shortcuts
      .map((row, i) => ({
        row,
        rank:
          (row.mode === DashboardNodeMode.lock ? 0 : 2 * SHORTCUT_MAX) + (position.get(row.code) ?? layout.length + i),
      }))
      .sort((a, b) => a.rank - b.rank)
      .map((x) => x.row);
    const nodes = await Promise.all(
      ordered.map(async (row) => ({
        ...toNode(row),
        reach: await this.reach(team, row),
        canManage: this.mayManage(team, row),
      })),
    );
    const rootNode = toNode(
      root,
      ordered.map((r) => r.code),
    );
    return { root: rootNode, nodes, canManage: team.role === 'owner' };
  }

  /**
   * Spec §5 dialog tree: the apps this member sees (all of the team's for its owner and admins).
   * Boxes are "added" for the shortcuts they would add to: the team's for its owner, else their own.
   */
  async tree(tenant: TenantContext | null): Promise<ShortcutTreeApp[]> {
    const team = this.team(tenant);
    const apps = await this.visibleApps(team);
    const [nodes, shortcuts] = await Promise.all([
      this.repo.nodesOf(
        team.engineCode,
        apps.map((a) => a.code),
      ),
      this.repo.list(team.engineCode),
    ]);
    const scope = team.role === 'owner' ? '' : team.memberId;
    return shortcutTree(
      apps,
      nodes,
      shortcuts.filter((r) => r.owner_member_id === scope),
    );
  }

  /** The team's active apps this member may open. */
  private async visibleApps(team: TenantContext) {
    const apps = await this.repo.apps(team.engineCode);
    if (isTeamManager(team)) return apps;
    // Those they own, manage or hold a role in (as their app list: GET /v1/apps).
    const listed = new Set(
      (await this.apps.listActive(team.engineCode, await this.apps.facts(team))).map((a) => a.code),
    );
    return apps.filter((a) => listed.has(a.code));
  }

  /**
   * Adds the ticked boxes (spec §5): at least one, names 2–32, no box twice. All or nothing. Team
   * shortcuts (public, locked) are the team owner's to add; private ones anyone's, for themself.
   */
  async create(tenant: TenantContext | null, input: CreateShortcutsBody): Promise<ShortcutList> {
    const team = this.team(tenant);
    const mode = input.mode ?? (team.role === 'owner' ? DashboardNodeMode.public : DashboardNodeMode.private);
    if (mode !== DashboardNodeMode.private) this.manager(team);
    const owner = mode === DashboardNodeMode.private ? team.memberId : '';
    if (input.nodes.length === 0) throw new AppError(400, ErrorCode.validationFailed, 'shortcut.noneSelected');
    const seen = new Set<string>();
    for (const item of input.nodes) {
      if (item.displayName !== undefined && !isShortcutName(item.displayName)) throw nameProblem();
      if (item.type === DashboardNodeType.app ? item.schemaCode : !item.schemaCode)
        throw new FieldValidationError([
          { field: 'schemaCode', key: item.type === DashboardNodeType.app ? 'validate.pattern' : 'validate.required' },
        ]);
      const key = `${item.type}:${item.appCode}:${item.schemaCode ?? ''}`;
      if (seen.has(key)) throw alreadyAdded();
      seen.add(key);
    }
    const appCodes = [...new Set(input.nodes.map((n) => n.appCode))];
    const apps = await this.visibleApps(team);
    const nodes = await this.repo.nodesOf(team.engineCode, appCodes);
    const now = this.now();
    const rows: ShortcutsTable[] = input.nodes.map((item, i) => {
      const look = shortcutLook(item.properties);
      const app = apps.find((a) => a.code === item.appCode);
      if (!app) throw appError(404, 'app.notFound');
      // An app shortcut opens the app: the app's own name, colour and icon unless told otherwise.
      const target =
        item.type === DashboardNodeType.app
          ? { code: '', display_name: app.display_name, type: 'App', tag: '', color: app.color, icon: app.icon }
          : nodes.find((n) => n.app_code === item.appCode && n.code === item.schemaCode);
      if (!target) throw appError(404, 'shortcut.target.notFound');
      if (item.type !== DashboardNodeType.app) {
        const node = target as (typeof nodes)[number];
        if (!isShortcutTarget(node) || node.hidden === 1) throw appError(404, 'shortcut.target.notFound');
        if (item.type === DashboardNodeType.linkQuery && !allowsQuickAdd(node))
          throw new AppError(400, ErrorCode.validationFailed, 'shortcut.target.noAdd');
      }
      const properties: ShortcutProperties = {
        color: look.color ?? ('color' in target ? target.color : i % APP_COLORS.length),
        icon:
          look.icon ??
          ('icon' in target ? target.icon : item.type === DashboardNodeType.linkQuery ? 'file-text' : 'database'),
      };
      return {
        code: `d${randomBytes(8).toString('hex')}`,
        engine_code: team.engineCode,
        parent_code: rootCode(team.engineCode),
        app_code: item.appCode,
        schema_code: target.code,
        display_name: item.displayName?.trim() ?? defaultShortcutName(item.type as ShortcutType, target.display_name),
        type: item.type,
        mode,
        owner_member_id: owner,
        properties: JSON.stringify(properties),
        front_extra_data: JSON.stringify({ type: target.type, tag: target.tag }),
        created_by: team.memberId,
        created_at: now,
        updated_at: now,
      };
    });
    try {
      await this.db.transaction().execute(async (trx) => {
        const repo = this.repo.with(trx);
        await repo.ensureRoot(this.rootRow(team));
        const existing = await repo.list(team.engineCode);
        const shortcuts = existing.filter((r) => r.type !== DashboardNodeType.root);
        if (
          rows.some((r) =>
            shortcuts.some(
              (s) =>
                s.owner_member_id === owner &&
                s.type === r.type &&
                s.app_code === r.app_code &&
                s.schema_code === r.schema_code,
            ),
          )
        )
          throw alreadyAdded();
        if (shortcuts.length + rows.length > SHORTCUT_MAX)
          throw new AppError(400, ErrorCode.validationFailed, 'shortcut.tooMany');
        await repo.insert(rows);
        // The team's order holds the team's shortcuts; private ones follow it, oldest first.
        if (!owner) {
          const root = existing.find((r) => r.type === DashboardNodeType.root);
          const layout = readShortcutProperties(root?.properties ?? '{}').layout ?? [];
          await repo.update(team.engineCode, rootCode(team.engineCode), {
            properties: JSON.stringify({ layout: [...layout, ...rows.map((r) => r.code)] }),
            updated_at: now,
          });
        }
        await recordAudit(
          trx,
          {
            engineCode: team.engineCode,
            actorMemberId: team.memberId,
            action: 'shortcut.create',
            targetType: 'dashboard_node',
            targetId: rows.map((r) => r.code).join(','),
          },
          now,
        );
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw alreadyAdded();
      throw e;
    }
    return this.list(team);
  }

  /**
   * Rename, recolour, re-icon: its creator a private one, the team owner a team one. The team owner
   * locks or unlocks a team one; a locked one changes only as it is unlocked.
   */
  async update(tenant: TenantContext | null, code: string, input: UpdateShortcutBody): Promise<ShortcutList> {
    const team = this.team(tenant);
    const row = await this.visibleRow(team, code);
    this.requireManager(team, row);
    if (input.mode !== undefined && isPrivate(row))
      throw new FieldValidationError([{ field: 'mode', key: 'validate.pattern' }]);
    if (row.mode === DashboardNodeMode.lock && input.mode !== DashboardNodeMode.public) throw locked();
    if (input.displayName !== undefined && !isShortcutName(input.displayName)) throw nameProblem();
    const props = readShortcutProperties(row.properties);
    const { color, icon } = shortcutLook(input.properties);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await this.repo.with(trx).update(team.engineCode, code, {
        display_name: input.displayName?.trim() ?? row.display_name,
        mode: input.mode ?? row.mode,
        properties: JSON.stringify({
          ...props,
          ...(color !== undefined && { color }),
          ...(icon !== undefined && { icon }),
        }),
        updated_at: now,
      });
      await recordAudit(
        trx,
        {
          engineCode: team.engineCode,
          actorMemberId: team.memberId,
          action: 'shortcut.update',
          targetType: 'dashboard_node',
          targetId: code,
        },
        now,
      );
    });
    return this.list(team);
  }

  /** Deletes a shortcut: its creator a private one, the team owner a team one (unlocked first). */
  async remove(tenant: TenantContext | null, code: string): Promise<ShortcutList> {
    const team = this.team(tenant);
    const row = await this.visibleRow(team, code);
    this.requireManager(team, row);
    if (row.mode === DashboardNodeMode.lock) throw locked();
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.with(trx);
      await repo.remove(team.engineCode, code);
      const root = await repo.find(team.engineCode, rootCode(team.engineCode));
      if (root) {
        const layout = readShortcutProperties(root.properties).layout ?? [];
        await repo.update(team.engineCode, root.code, {
          properties: JSON.stringify({ layout: layout.filter((c) => c !== code) }),
          updated_at: now,
        });
      }
      await recordAudit(
        trx,
        {
          engineCode: team.engineCode,
          actorMemberId: team.memberId,
          action: 'shortcut.delete',
          targetType: 'dashboard_node',
          targetId: code,
        },
        now,
      );
    });
    return this.list(team);
  }

  /**
   * Spec §4: the order is the root's layout; it must name every team shortcut once (and may name the
   * owner's own private ones, which others never see).
   */
  async saveLayout(tenant: TenantContext | null, layout: string[]): Promise<ShortcutList> {
    const team = this.manager(tenant);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.with(trx);
      await repo.ensureRoot(this.rootRow(team));
      const rows = this.visible(
        team,
        (await repo.list(team.engineCode)).filter((r) => r.type !== DashboardNodeType.root),
      );
      const mine = new Set(rows.map((r) => r.code));
      const teams = rows.filter((r) => !isPrivate(r)).map((r) => r.code);
      const asked = new Set(layout);
      if (asked.size !== layout.length || layout.some((c) => !mine.has(c)) || teams.some((c) => !asked.has(c)))
        throw new AppError(400, ErrorCode.validationFailed, 'shortcut.layout.mismatch');
      await repo.update(team.engineCode, rootCode(team.engineCode), {
        properties: JSON.stringify({ layout }),
        updated_at: now,
      });
    });
    return this.list(team);
  }
}
