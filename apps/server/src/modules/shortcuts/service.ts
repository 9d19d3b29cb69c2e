import { randomBytes } from 'node:crypto';
import {
  APP_COLORS,
  APP_ICONS,
  type CreateShortcutsBody,
  type DashboardNode,
  DashboardNodeMode,
  DashboardNodeType,
  defaultShortcutName,
  ErrorCode,
  isShortcutName,
  SHORTCUT_MAX,
  type Shortcut,
  type ShortcutList,
  type ShortcutTreeApp,
  type UpdateShortcutBody,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { DashboardNodesTable, Database } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { appError, resolveApp } from '../apps/access.js';
import type { AppRepository } from '../apps/repository.js';
import { recordAudit } from '../audit/record.js';
import { allows, type SchemaContexts } from '../schema-context/context.js';
import type { ShortcutRepository } from './repository.js';
import { allowsQuickAdd, isShortcutTarget, shortcutTree } from './tree.js';

interface Properties {
  color?: number;
  icon?: string;
  layout?: string[];
}

function parse<T extends object>(json: string): T {
  try {
    const value: unknown = JSON.parse(json);
    return (value && typeof value === 'object' ? value : {}) as T;
  } catch {
    return {} as T;
  }
}

const rootCode = (engineCode: string) => `root-${engineCode}`;

function toNode(row: DashboardNodesTable): DashboardNode {
  const props = parse<Properties>(row.properties);
  const extra = parse<{ type?: string; tag?: string }>(row.front_extra_data);
  const properties: DashboardNode['properties'] = {};
  if (typeof props.color === 'number') properties.color = props.color;
  if (typeof props.icon === 'string') properties.icon = props.icon;
  if (Array.isArray(props.layout)) properties.layout = props.layout.filter((c) => typeof c === 'string');
  return {
    code: row.code,
    parentCode: row.parent_code,
    reference: { appCode: row.app_code, schemaCode: row.schema_code },
    displayName: row.display_name,
    type: row.type,
    mode: row.mode,
    properties,
    frontExtraData: { type: extra.type ?? '', tag: extra.tag ?? '' },
  };
}

const nameProblem = () => new FieldValidationError([{ field: 'displayName', key: 'shortcut.name.length' }]);
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || /UNIQUE constraint failed/.test(err.message ?? '');
};
const alreadyAdded = () => new AppError(409, ErrorCode.conflict, 'shortcut.alreadyAdded');

/**
 * The workbench's shortcuts (spec §3 dashboard nodes, §4 order, §5 rules, §6 permissions): the team
 * owner manages them, every member sees them with what they may do with each target now.
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

  private rootRow(tenant: TenantContext, layout: string[] = []): DashboardNodesTable {
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
      properties: JSON.stringify({ layout }),
      front_extra_data: '{}',
      created_by: tenant.memberId,
      created_at: now,
      updated_at: now,
    };
  }

  /** What this member may do with a shortcut's target now. */
  private async reach(tenant: TenantContext, row: DashboardNodesTable): Promise<Shortcut['reach']> {
    const app = await this.apps.find(tenant.engineCode, row.app_code);
    if (!app || app.state !== 'ACTIVE') return { app: false, add: false, view: false };
    const kind = parse<{ type?: string }>(row.front_extra_data).type;
    try {
      if (kind === 'Dashboard') {
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

  async list(tenant: TenantContext | null): Promise<ShortcutList> {
    const team = this.team(tenant);
    const rows = await this.repo.list(team.engineCode);
    const root = rows.find((r) => r.type === DashboardNodeType.root) ?? this.rootRow(team);
    const shortcuts = rows.filter((r) => r.type !== DashboardNodeType.root);
    const layout = parse<Properties>(root.properties).layout ?? [];
    const position = new Map(layout.map((code, i) => [code, i]));
    // Codes missing from the layout (a concurrent add) go last, oldest first.
    const ordered = shortcuts
      .map((row, i) => ({ row, rank: position.get(row.code) ?? layout.length + i }))
      .sort((a, b) => a.rank - b.rank)
      .map((x) => x.row);
    const nodes = await Promise.all(
      ordered.map(async (row) => ({ ...toNode(row), reach: await this.reach(team, row) })),
    );
    const rootNode = toNode(root);
    rootNode.properties.layout = ordered.map((r) => r.code);
    return { root: rootNode, nodes, canManage: team.role === 'owner' };
  }

  /** Spec §5 dialog tree, for the team owner: every active app of the team. */
  async tree(tenant: TenantContext | null): Promise<ShortcutTreeApp[]> {
    const team = this.manager(tenant);
    const apps = await this.repo.apps(team.engineCode);
    const [nodes, shortcuts] = await Promise.all([
      this.repo.nodesOf(
        team.engineCode,
        apps.map((a) => a.code),
      ),
      this.repo.list(team.engineCode),
    ]);
    return shortcutTree(apps, nodes, shortcuts);
  }

  /** Adds the ticked boxes (spec §5): at least one, names 2–32, no box twice. All or nothing. */
  async create(tenant: TenantContext | null, input: CreateShortcutsBody): Promise<ShortcutList> {
    const team = this.manager(tenant);
    if (input.nodes.length === 0) throw new AppError(400, ErrorCode.validationFailed, 'shortcut.noneSelected');
    const seen = new Set<string>();
    for (const item of input.nodes) {
      if (item.displayName !== undefined && !isShortcutName(item.displayName)) throw nameProblem();
      const key = `${item.type}:${item.appCode}:${item.schemaCode}`;
      if (seen.has(key)) throw alreadyAdded();
      seen.add(key);
    }
    const appCodes = [...new Set(input.nodes.map((n) => n.appCode))];
    const apps = await this.repo.apps(team.engineCode);
    const nodes = await this.repo.nodesOf(team.engineCode, appCodes);
    const now = this.now();
    const rows: DashboardNodesTable[] = input.nodes.map((item, i) => {
      const look = item.properties;
      if (look?.color !== undefined && look.color >= APP_COLORS.length)
        throw new FieldValidationError([{ field: 'color', key: 'validate.pattern' }]);
      if (look?.icon !== undefined && !APP_ICONS.includes(look.icon))
        throw new FieldValidationError([{ field: 'icon', key: 'validate.pattern' }]);
      if (!apps.some((a) => a.code === item.appCode)) throw appError(404, 'app.notFound');
      const target = nodes.find((n) => n.app_code === item.appCode && n.code === item.schemaCode);
      if (!target || !isShortcutTarget(target) || target.hidden === 1) throw appError(404, 'shortcut.target.notFound');
      if (item.type === DashboardNodeType.linkQuery && !allowsQuickAdd(target))
        throw new AppError(400, ErrorCode.validationFailed, 'shortcut.target.noAdd');
      const properties: Properties = {
        color: item.properties?.color ?? i % APP_COLORS.length,
        icon: item.properties?.icon ?? (item.type === DashboardNodeType.linkQuery ? 'file-text' : 'database'),
      };
      return {
        code: `d${randomBytes(8).toString('hex')}`,
        engine_code: team.engineCode,
        parent_code: rootCode(team.engineCode),
        app_code: item.appCode,
        schema_code: item.schemaCode,
        display_name: item.displayName?.trim() ?? defaultShortcutName(item.type, target.display_name),
        type: item.type,
        mode: DashboardNodeMode.public,
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
            shortcuts.some((s) => s.type === r.type && s.app_code === r.app_code && s.schema_code === r.schema_code),
          )
        )
          throw alreadyAdded();
        if (shortcuts.length + rows.length > SHORTCUT_MAX)
          throw new AppError(400, ErrorCode.validationFailed, 'shortcut.tooMany');
        await repo.insert(rows);
        const root = existing.find((r) => r.type === DashboardNodeType.root);
        const layout = parse<Properties>(root?.properties ?? '{}').layout ?? [];
        await repo.update(team.engineCode, rootCode(team.engineCode), {
          properties: JSON.stringify({ layout: [...layout, ...rows.map((r) => r.code)] }),
          updated_at: now,
        });
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

  async update(tenant: TenantContext | null, code: string, input: UpdateShortcutBody): Promise<ShortcutList> {
    const team = this.manager(tenant);
    const row = await this.repo.find(team.engineCode, code);
    if (!row || row.type === DashboardNodeType.root) throw appError(404, 'shortcut.notFound');
    if (input.displayName !== undefined && !isShortcutName(input.displayName)) throw nameProblem();
    const props = parse<Properties>(row.properties);
    const color = input.properties?.color;
    if (color !== undefined && color >= APP_COLORS.length)
      throw new FieldValidationError([{ field: 'color', key: 'validate.pattern' }]);
    const icon = input.properties?.icon;
    if (icon !== undefined && !APP_ICONS.includes(icon))
      throw new FieldValidationError([{ field: 'icon', key: 'validate.pattern' }]);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await this.repo.with(trx).update(team.engineCode, code, {
        display_name: input.displayName?.trim() ?? row.display_name,
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

  async remove(tenant: TenantContext | null, code: string): Promise<ShortcutList> {
    const team = this.manager(tenant);
    const row = await this.repo.find(team.engineCode, code);
    if (!row || row.type === DashboardNodeType.root) throw appError(404, 'shortcut.notFound');
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.with(trx);
      await repo.remove(team.engineCode, code);
      const root = await repo.find(team.engineCode, rootCode(team.engineCode));
      if (root) {
        const layout = parse<Properties>(root.properties).layout ?? [];
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

  /** Spec §4: the order is the root's layout; it must name every shortcut of the team once. */
  async saveLayout(tenant: TenantContext | null, layout: string[]): Promise<ShortcutList> {
    const team = this.manager(tenant);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const repo = this.repo.with(trx);
      await repo.ensureRoot(this.rootRow(team));
      const codes = (await repo.list(team.engineCode))
        .filter((r) => r.type !== DashboardNodeType.root)
        .map((r) => r.code);
      const asked = new Set(layout);
      if (asked.size !== layout.length || asked.size !== codes.length || codes.some((c) => !asked.has(c)))
        throw new AppError(400, ErrorCode.validationFailed, 'shortcut.layout.mismatch');
      await repo.update(team.engineCode, rootCode(team.engineCode), {
        properties: JSON.stringify({ layout }),
        updated_at: now,
      });
    });
    return this.list(team);
  }
}
