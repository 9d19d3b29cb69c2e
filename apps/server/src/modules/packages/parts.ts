import { randomUUID } from 'node:crypto';
import { DashboardNodeMode, DashboardNodeType, SHORTCUT_MAX } from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import type { Kysely } from 'kysely';
import type { Database, FunctionNodesTable } from '../../db/schema.js';
import { addPhysicalColumn, columnNameFor, createPhysicalTable, tableNameFor } from '../schemas/physical.js';
import { checkPackagedFlow } from './flow-check.js';
import type { CodeMap } from './remap.js';
import { PackageRefused } from './zip-read.js';

/** What an export reads: one app of one team, its live menu items and data tables. */
export interface ExportScope {
  db: Kysely<Database>;
  engineCode: string;
  appCode: string;
  nodes: FunctionNodesTable[];
  schemaCodes: string[];
}

/** An app's live menu items and data tables, read once for an export or an upgrade's comparison. */
export async function exportScope(db: Kysely<Database>, engineCode: string, appCode: string): Promise<ExportScope> {
  const nodes = await db
    .selectFrom('function_nodes')
    .selectAll()
    .where('engine_code', '=', engineCode)
    .where('app_code', '=', appCode)
    .where('deleted_at', 'is', null)
    .orderBy('sort_key')
    .orderBy('code')
    .execute();
  return { db, engineCode, appCode, nodes, schemaCodes: nodes.filter((n) => n.type === 'Schema').map((n) => n.code) };
}

/** What an install writes with: the install's transaction, the new app and who installs it. */
export interface InstallScope {
  trx: Kysely<Database>;
  engineCode: string;
  memberId: string;
  appCode: string;
  now: number;
  withBizData: boolean;
  codes: CodeMap;
  /** A file of the package as installed (its new id), or null when it did not come with it. */
  fileId(old: string): string | null;
}

/**
 * One kind of app configuration in a package: read for an export, written for an install. Items are
 * plain JSON; by the time `install` sees them every code they mention is already the new one
 * (remap.ts rewrites the manifest), so a part only names the codes its items own. A module that
 * adds app configuration adds a part here.
 */
export interface PackagePart<T> {
  key: string;
  export(scope: ExportScope): Promise<T[]>;
  /** The codes its items introduce (each gets a fresh one on install). */
  codes(items: T[]): string[];
  install(scope: InstallScope, items: T[]): Promise<void>;
  /** Files the configuration itself needs (a custom page's images): packed with or without the data. */
  files?(items: T[]): string[];
}

function str(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new PackageRefused('package.invalid', { reason: what });
  return value;
}
function num(value: unknown, what: string): number {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new PackageRefused('package.invalid', { reason: what });
  return n;
}
function code(value: unknown, what: string): string {
  const s = str(value, what);
  if (!/^[a-z][a-z0-9]{3,40}$/.test(s)) throw new PackageRefused('package.invalid', { reason: what });
  return s;
}

/** The app's menu: groups, tables, dashboards, links and custom pages of every type. */
export interface NodeItem {
  code: string;
  parentCode: string;
  type: string;
  tag: string;
  displayName: string;
  sortKey: number;
  hidden: number;
  url: string;
}
export const nodesPart: PackagePart<NodeItem> = {
  key: 'nodes',
  async export({ nodes }) {
    const live = new Set(nodes.map((n) => n.code));
    return nodes.map((n) => ({
      code: n.code,
      parentCode: live.has(n.parent_code) ? n.parent_code : '',
      type: n.type,
      tag: n.tag,
      displayName: n.display_name,
      sortKey: n.sort_key,
      hidden: n.hidden,
      url: n.url,
    }));
  },
  codes: (items) => items.map((n) => code(n.code, 'nodes.code')),
  async install(s, items) {
    if (!items.length) return;
    await s.trx
      .insertInto('function_nodes')
      .values(
        items.map((n) => ({
          code: code(n.code, 'nodes.code'),
          app_code: s.appCode,
          engine_code: s.engineCode,
          parent_code: n.parentCode ? code(n.parentCode, 'nodes.parentCode') : '',
          type: str(n.type, 'nodes.type'),
          tag: str(n.tag, 'nodes.tag'),
          display_name: str(n.displayName, 'nodes.displayName'),
          sort_key: num(n.sortKey, 'nodes.sortKey'),
          created_at: s.now,
          deleted_at: null,
          hidden: n.hidden ? 1 : 0,
          url: str(n.url ?? '', 'nodes.url'),
        })),
      )
      .execute();
  },
};

export interface FieldItem {
  code: string;
  name: string;
  type: string;
  settings: string;
  required: number;
  unique: number;
  description: string;
  sortKey: number;
  defaultValue: string;
  /** An auto number's counter. */
  counter?: number;
}
/** A data table: permissions (field and row rules per app role), form, title, and its fields. */
export interface TableItem {
  code: string;
  titleFieldCode: string;
  permissions: string;
  formLayout: string;
  titleFormat: string;
  fields: FieldItem[];
}
export const tablesPart: PackagePart<TableItem> = {
  key: 'tables',
  async export({ db, engineCode, schemaCodes }) {
    if (!schemaCodes.length) return [];
    const schemas = await db
      .selectFrom('schemas')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('code', 'in', schemaCodes)
      .orderBy('code')
      .execute();
    const fields = await db
      .selectFrom('fields')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('schema_code', 'in', schemaCodes)
      .where('deleted_at', 'is', null)
      .orderBy('sort_key')
      .orderBy('code')
      .execute();
    const counters = await db
      .selectFrom('schema_counters')
      .selectAll()
      .where('schema_code', 'in', schemaCodes)
      .execute();
    const counter = new Map(counters.map((c) => [c.field_code, Number(c.value)]));
    return schemas.map((t) => ({
      code: t.code,
      titleFieldCode: t.title_field_code,
      permissions: t.permissions,
      formLayout: t.form_layout,
      titleFormat: t.title_format,
      fields: fields
        .filter((f) => f.schema_code === t.code)
        .map((f) => ({
          code: f.code,
          name: f.name,
          type: f.type,
          settings: f.settings,
          required: f.required,
          unique: f.unique_flag,
          description: f.description,
          sortKey: f.sort_key,
          defaultValue: f.default_value,
          ...(counter.has(f.code) ? { counter: counter.get(f.code) } : {}),
        })),
    }));
  },
  codes: (items) => items.flatMap((t) => t.fields.map((f) => code(f.code, 'fields.code'))),
  async install(s, items) {
    for (const t of items) {
      const schemaCode = code(t.code, 'tables.code');
      const table = tableNameFor(schemaCode);
      await s.trx
        .insertInto('schemas')
        .values({
          code: schemaCode,
          app_code: s.appCode,
          engine_code: s.engineCode,
          table_name: table,
          title_field_code: str(t.titleFieldCode, 'tables.titleFieldCode'),
          permissions: str(t.permissions, 'tables.permissions'),
          form_layout: str(t.formLayout, 'tables.formLayout'),
          title_format: str(t.titleFormat, 'tables.titleFormat'),
          created_at: s.now,
        })
        .execute();
      await createPhysicalTable(s.trx, table);
      for (const f of t.fields) {
        const type = fieldType(str(f.type, 'fields.type'));
        if (!type) throw new PackageRefused('package.invalid', { reason: `fields.type ${f.type}` });
        const checked = type.checkSettings(JSON.parse(str(f.settings, 'fields.settings')));
        if (!checked.ok) throw new PackageRefused('package.invalid', { reason: `fields.settings ${f.name}` });
        const fieldCode = code(f.code, 'fields.code');
        const column = type.storage ? columnNameFor(fieldCode) : '';
        await s.trx
          .insertInto('fields')
          .values({
            code: fieldCode,
            schema_code: schemaCode,
            engine_code: s.engineCode,
            name: str(f.name, 'fields.name'),
            type: type.type,
            column_name: column,
            settings: JSON.stringify(checked.settings),
            required: f.required ? 1 : 0,
            unique_flag: f.unique ? 1 : 0,
            description: str(f.description ?? '', 'fields.description'),
            sort_key: num(f.sortKey, 'fields.sortKey'),
            created_at: s.now,
            deleted_at: null,
            default_value: str(f.defaultValue ?? '', 'fields.defaultValue'),
          })
          .execute();
        if (type.storage) await addPhysicalColumn(s.trx, table, column, type.storage, Boolean(f.unique));
        if (type.type === 'autoNumber') {
          await s.trx
            .insertInto('schema_counters')
            .values({
              schema_code: schemaCode,
              field_code: fieldCode,
              value: s.withBizData ? num(f.counter ?? 0, 'fields.counter') : 0,
            })
            .execute();
        }
      }
    }
  },
};

/** Public views (personal ones belong to their members and stay behind). */
export interface ViewItem {
  code: string;
  schemaCode: string;
  name: string;
  kind: string;
  config: string;
  sortKey: number;
}
const viewsPart: PackagePart<ViewItem> = {
  key: 'views',
  async export({ db, engineCode, schemaCodes }) {
    if (!schemaCodes.length) return [];
    const rows = await db
      .selectFrom('views')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('schema_code', 'in', schemaCodes)
      .where('owner_member_id', '=', '')
      .orderBy('sort_key')
      .orderBy('code')
      .execute();
    return rows.map((v) => ({
      code: v.code,
      schemaCode: v.schema_code,
      name: v.name,
      kind: v.kind,
      config: v.config,
      sortKey: v.sort_key,
    }));
  },
  codes: (items) => items.map((v) => code(v.code, 'views.code')),
  async install(s, items) {
    if (!items.length) return;
    await s.trx
      .insertInto('views')
      .values(
        items.map((v) => ({
          code: code(v.code, 'views.code'),
          schema_code: code(v.schemaCode, 'views.schemaCode'),
          engine_code: s.engineCode,
          name: str(v.name, 'views.name'),
          kind: str(v.kind, 'views.kind'),
          owner_member_id: '',
          config: str(v.config, 'views.config'),
          sort_key: num(v.sortKey, 'views.sortKey'),
          created_at: s.now,
        })),
      )
      .execute();
  },
};

/** Approval flows: the draft being designed and the definition in force. */
export interface FlowItem {
  code: string;
  schemaCode: string;
  name: string;
  draft: string;
  /** The published definition, '' when never published. */
  published: string;
}
const workflowsPart: PackagePart<FlowItem> = {
  key: 'workflows',
  async export({ db, engineCode, appCode, schemaCodes }) {
    if (!schemaCodes.length) return [];
    // Flows of tables in the table trash stay behind with them.
    const flows = await db
      .selectFrom('workflows')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('app_code', '=', appCode)
      .where('schema_code', 'in', schemaCodes)
      .orderBy('code')
      .execute();
    const items: FlowItem[] = [];
    for (const w of flows) {
      const version = w.published_version
        ? await db
            .selectFrom('workflow_versions')
            .select('definition')
            .where('workflow_code', '=', w.code)
            .where('version', '=', w.published_version)
            .executeTakeFirst()
        : undefined;
      items.push({
        code: w.code,
        schemaCode: w.schema_code,
        name: w.name,
        draft: w.draft,
        published: version?.definition ?? '',
      });
    }
    return items;
  },
  codes: (items) => items.map((w) => code(w.code, 'workflows.code')),
  async install(s, items) {
    for (const w of items) {
      const flowCode = code(w.code, 'workflows.code');
      const published = str(w.published ?? '', 'workflows.published');
      await checkPackagedFlow(s, {
        schemaCode: w.schemaCode,
        name: str(w.name, 'workflows.name'),
        draft: str(w.draft, 'workflows.draft'),
        published,
      });
      await s.trx
        .insertInto('workflows')
        .values({
          code: flowCode,
          engine_code: s.engineCode,
          app_code: s.appCode,
          schema_code: code(w.schemaCode, 'workflows.schemaCode'),
          name: str(w.name, 'workflows.name'),
          draft: str(w.draft, 'workflows.draft'),
          draft_updated_by: s.memberId,
          draft_updated_at: s.now,
          published_version: published ? 1 : 0,
          created_at: s.now,
        })
        .execute();
      if (published)
        await s.trx
          .insertInto('workflow_versions')
          .values({
            workflow_code: flowCode,
            version: 1,
            engine_code: s.engineCode,
            name: str(w.name, 'workflows.name'),
            definition: published,
            published_by: s.memberId,
            published_at: s.now,
          })
          .execute();
    }
  },
};

/** Dashboards' widgets (one row per Dashboard menu item). */
export interface DashboardItem {
  nodeCode: string;
  widgets: string;
}
const dashboardsPart: PackagePart<DashboardItem> = {
  key: 'dashboards',
  async export({ db, engineCode, nodes }) {
    const codes = nodes.filter((n) => n.type === 'Dashboard').map((n) => n.code);
    if (!codes.length) return [];
    const rows = await db
      .selectFrom('dashboards')
      .select(['node_code', 'widgets'])
      .where('engine_code', '=', engineCode)
      .where('node_code', 'in', codes)
      .orderBy('node_code')
      .execute();
    return rows.map((d) => ({ nodeCode: d.node_code, widgets: d.widgets }));
  },
  codes: () => [],
  async install(s, items) {
    if (!items.length) return;
    await s.trx
      .insertInto('dashboards')
      .values(
        items.map((d) => ({
          node_code: code(d.nodeCode, 'dashboards.nodeCode'),
          engine_code: s.engineCode,
          widgets: str(d.widgets, 'dashboards.widgets'),
          updated_by: s.memberId,
          updated_at: s.now,
        })),
      )
      .execute();
  },
};

/** Custom pages' blocks and roles (one row per UserModule menu item); their images travel with them. */
export interface CustomPageItem {
  nodeCode: string;
  roles: string;
  blocks: string;
}
const imagesOf = (blocks: string): string[] =>
  (JSON.parse(blocks) as { kind?: string; fileId?: unknown }[]).flatMap((b) =>
    b.kind === 'image' && typeof b.fileId === 'string' ? [b.fileId] : [],
  );
export const customPagesPart: PackagePart<CustomPageItem> = {
  key: 'customPages',
  async export({ db, engineCode, nodes }) {
    const codes = nodes.filter((n) => n.type === 'UserModule').map((n) => n.code);
    if (!codes.length) return [];
    const rows = await db
      .selectFrom('custom_pages')
      .select(['node_code', 'roles', 'blocks'])
      .where('engine_code', '=', engineCode)
      .where('node_code', 'in', codes)
      .orderBy('node_code')
      .execute();
    return rows.map((p) => ({ nodeCode: p.node_code, roles: p.roles, blocks: p.blocks }));
  },
  codes: () => [],
  files: (items) => items.flatMap((p) => imagesOf(str(p.blocks, 'customPages.blocks'))),
  async install(s, items) {
    if (!items.length) return;
    await s.trx
      .insertInto('custom_pages')
      .values(
        items.map((p) => {
          const blocks = JSON.parse(str(p.blocks, 'customPages.blocks')) as { kind?: string; fileId?: string }[];
          if (!Array.isArray(blocks)) throw new PackageRefused('package.invalid', { reason: 'customPages.blocks' });
          // An image block shows its image as installed; one whose image did not come is left out.
          const installed = blocks.flatMap((b) => {
            if (b.kind !== 'image') return [b];
            const id = typeof b.fileId === 'string' ? s.fileId(b.fileId) : null;
            return id ? [{ ...b, fileId: id }] : [];
          });
          return {
            node_code: code(p.nodeCode, 'customPages.nodeCode'),
            engine_code: s.engineCode,
            roles: str(p.roles, 'customPages.roles'),
            blocks: JSON.stringify(installed),
            updated_by: s.memberId,
            updated_at: s.now,
          };
        }),
      )
      .execute();
  },
};

/** A table's print templates (issue 13): its layout names the table's fields and the team's images. */
export interface PrintTemplateItem {
  schemaCode: string;
  name: string;
  /** JSON: page, header, footer, blocks. */
  layout: string;
}
const printImagesOf = (layout: string): string[] =>
  ((JSON.parse(layout) as { blocks?: { kind?: string; fileId?: unknown }[] }).blocks ?? []).flatMap((b) =>
    b.kind === 'image' && typeof b.fileId === 'string' ? [b.fileId] : [],
  );
/** A template's layout as installed: its images as installed; an image that did not come is left out. */
export function installedPrintLayout(s: InstallScope, item: PrintTemplateItem): string {
  const layout = JSON.parse(str(item.layout, 'printTemplates.layout')) as {
    blocks?: { kind?: string; fileId?: string }[];
  };
  if (!layout || typeof layout !== 'object' || !Array.isArray(layout.blocks))
    throw new PackageRefused('package.invalid', { reason: 'printTemplates.layout' });
  layout.blocks = layout.blocks.flatMap((b) => {
    if (b.kind !== 'image') return [b];
    const id = typeof b.fileId === 'string' ? s.fileId(b.fileId) : null;
    return id ? [{ ...b, fileId: id }] : [];
  });
  return JSON.stringify(layout);
}
export const printTemplatesPart: PackagePart<PrintTemplateItem> = {
  key: 'printTemplates',
  async export({ db, engineCode, schemaCodes }) {
    if (!schemaCodes.length) return [];
    const rows = await db
      .selectFrom('print_templates')
      .select(['schema_code', 'name', 'layout'])
      .where('engine_code', '=', engineCode)
      .where('schema_code', 'in', schemaCodes)
      .orderBy('schema_code')
      .orderBy('name')
      .execute();
    return rows.map((t) => ({ schemaCode: t.schema_code, name: t.name, layout: t.layout }));
  },
  // Their ids are not codes anything refers to: an install gives each a new one.
  codes: () => [],
  files: (items) => items.flatMap((t) => printImagesOf(str(t.layout, 'printTemplates.layout'))),
  async install(s, items) {
    if (!items.length) return;
    await s.trx
      .insertInto('print_templates')
      .values(
        items.map((t) => ({
          id: randomUUID(),
          engine_code: s.engineCode,
          schema_code: code(t.schemaCode, 'printTemplates.schemaCode'),
          name: str(t.name, 'printTemplates.name').slice(0, 64),
          layout: installedPrintLayout(s, t),
          created_by: s.memberId,
          updated_by: s.memberId,
          created_at: s.now,
          updated_at: s.now,
        })),
      )
      .execute();
  },
};

/** The workbench shortcuts to the app's tables (dashboard nodes), added after the team's own. */
interface ShortcutItem {
  code: string;
  schemaCode: string;
  displayName: string;
  type: number;
  properties: string;
  frontExtraData: string;
  /** Public or locked (private shortcuts are their members' and stay behind). */
  mode?: number;
}
const rootCode = (engineCode: string) => `root-${engineCode}`;
const shortcutsPart: PackagePart<ShortcutItem> = {
  key: 'shortcuts',
  async export({ db, engineCode, appCode, schemaCodes }) {
    const rows = await db
      .selectFrom('shortcuts')
      .selectAll()
      .where('engine_code', '=', engineCode)
      .where('app_code', '=', appCode)
      .where((eb) => eb.or([eb('schema_code', 'in', schemaCodes), eb('type', '=', DashboardNodeType.app)]))
      .where('type', '!=', DashboardNodeType.root)
      .where('mode', '!=', DashboardNodeMode.private)
      .orderBy('created_at')
      .orderBy('code')
      .execute();
    return rows.map((d) => ({
      code: d.code,
      schemaCode: d.schema_code,
      displayName: d.display_name,
      type: d.type,
      properties: d.properties,
      frontExtraData: d.front_extra_data,
      mode: d.mode,
    }));
  },
  codes: (items) => items.map((d) => code(d.code, 'shortcuts.code')),
  async install(s, items) {
    if (!items.length) return;
    const existing = await s.trx
      .selectFrom('shortcuts')
      .select(['code', 'type', 'properties'])
      .where('engine_code', '=', s.engineCode)
      .execute();
    const root = existing.find((r) => r.type === DashboardNodeType.root);
    const room = SHORTCUT_MAX - existing.filter((r) => r.type !== DashboardNodeType.root).length;
    const added = items.slice(0, Math.max(room, 0));
    if (!added.length) return;
    if (!root)
      await s.trx
        .insertInto('shortcuts')
        .values({
          code: rootCode(s.engineCode),
          engine_code: s.engineCode,
          parent_code: '',
          app_code: '',
          schema_code: '',
          display_name: 'root',
          type: DashboardNodeType.root,
          mode: DashboardNodeMode.public,
          owner_member_id: '',
          properties: JSON.stringify({ layout: [] }),
          front_extra_data: '{}',
          created_by: s.memberId,
          created_at: s.now,
          updated_at: s.now,
        })
        .execute();
    await s.trx
      .insertInto('shortcuts')
      .values(
        added.map((d) => ({
          code: code(d.code, 'shortcuts.code'),
          engine_code: s.engineCode,
          parent_code: rootCode(s.engineCode),
          app_code: s.appCode,
          schema_code:
            num(d.type, 'shortcuts.type') === DashboardNodeType.app ? '' : code(d.schemaCode, 'shortcuts.schemaCode'),
          display_name: str(d.displayName, 'shortcuts.displayName'),
          type: num(d.type, 'shortcuts.type'),
          mode: d.mode === DashboardNodeMode.lock ? DashboardNodeMode.lock : DashboardNodeMode.public,
          owner_member_id: '',
          properties: str(d.properties, 'shortcuts.properties'),
          front_extra_data: str(d.frontExtraData, 'shortcuts.frontExtraData'),
          created_by: s.memberId,
          created_at: s.now,
          updated_at: s.now,
        })),
      )
      .execute();
    const layout = (JSON.parse(root?.properties ?? '{}') as { layout?: string[] }).layout ?? [];
    await s.trx
      .updateTable('shortcuts')
      .set({ properties: JSON.stringify({ layout: [...layout, ...added.map((d) => d.code)] }), updated_at: s.now })
      .where('code', '=', rootCode(s.engineCode))
      .execute();
  },
};

/**
 * The app's roles (issue 27) with what they show and may start, and their grants to everyone or to
 * team administrators. Grants to members and departments stay home: those are another team's people.
 * Role keys belong to the app (its tables' permissions name them), so they travel unchanged; the
 * menu and table codes their lists name are rewritten like every code. A package made before roles
 * brings none: the install gives the app 管理员 and 成员 (install-write.ts), whose keys the
 * two-role permissions of its tables name.
 */
export interface RoleItem {
  key: string;
  name: string;
  description: string;
  sortKey: number;
  nodes: string | null;
  flows: string | null;
  grants: { kind: string; target: string }[];
}
const PORTABLE_GRANTS = ['everyone', 'teamRole'];
export const rolesPart: PackagePart<RoleItem> = {
  key: 'roles',
  async export({ db, appCode }) {
    const [roles, grants] = await Promise.all([
      db
        .selectFrom('app_roles')
        .select(['role_key', 'name', 'description', 'sort_key', 'nodes', 'flows'])
        .where('app_code', '=', appCode)
        .orderBy('sort_key')
        .orderBy('role_key')
        .execute(),
      db
        .selectFrom('app_role_grants')
        .select(['role_key', 'kind', 'target'])
        .where('app_code', '=', appCode)
        .where('kind', 'in', PORTABLE_GRANTS)
        .orderBy('kind')
        .execute(),
    ]);
    return roles.map((r) => ({
      key: r.role_key,
      name: r.name,
      description: r.description,
      sortKey: r.sort_key,
      nodes: r.nodes,
      flows: r.flows,
      grants: grants.filter((g) => g.role_key === r.role_key).map((g) => ({ kind: g.kind, target: g.target })),
    }));
  },
  codes: () => [],
  async install(s, items) {
    if (!items.length) return;
    const list = (value: unknown, what: string) => (value === null || value === undefined ? null : str(value, what));
    await s.trx
      .insertInto('app_roles')
      .values(
        items.map((r) => ({
          app_code: s.appCode,
          role_key: code(r.key, 'roles.key'),
          engine_code: s.engineCode,
          name: str(r.name, 'roles.name').slice(0, 30),
          description: str(r.description ?? '', 'roles.description'),
          sort_key: num(r.sortKey, 'roles.sortKey'),
          nodes: list(r.nodes, 'roles.nodes'),
          flows: list(r.flows, 'roles.flows'),
          created_at: s.now,
        })),
      )
      .execute();
    const grants = items.flatMap((r) =>
      (r.grants ?? [])
        .filter((g) => PORTABLE_GRANTS.includes(g.kind))
        .map((g) => ({
          app_code: s.appCode,
          role_key: r.key,
          engine_code: s.engineCode,
          kind: g.kind,
          target: str(g.target, 'roles.grants.target'),
          created_at: s.now,
        })),
    );
    if (grants.length) await s.trx.insertInto('app_role_grants').values(grants).execute();
  },
};

/** Every part, in install order (tables before what refers to them). */
// biome-ignore lint/suspicious/noExplicitAny: parts carry their own item types
export const PACKAGE_PARTS: PackagePart<any>[] = [
  rolesPart,
  nodesPart,
  tablesPart,
  viewsPart,
  workflowsPart,
  dashboardsPart,
  customPagesPart,
  printTemplatesPart,
  shortcutsPart,
];
