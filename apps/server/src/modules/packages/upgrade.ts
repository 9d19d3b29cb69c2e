import type { UpgradeChange } from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addPhysicalColumn, columnNameFor, setUniqueIndex } from '../schemas/physical.js';
import { checkPackagedFlow } from './flow-check.js';
import { type Manifest, parseManifest } from './manifest.js';
import {
  type CustomPageItem,
  customPagesPart,
  type DashboardItem,
  exportScope,
  type FieldItem,
  type FlowItem,
  type InstallScope,
  installedPrintLayout,
  type NodeItem,
  nodesPart,
  PACKAGE_PARTS,
  type PrintTemplateItem,
  printTemplatesPart,
  type RoleItem,
  rolesPart,
  type TableItem,
  tablesPart,
  type ViewItem,
} from './parts.js';
import { CodeMap } from './remap.js';
import { PackageRefused } from './zip-read.js';

/**
 * An installed app upgraded in place from a newer package of its origin (issue 12). The package's
 * codes are matched to the app's through the code map the app remembers (app_origins; a code of the
 * app itself matches as it is, so an app upgrades from its own re-export); codes new to the app get
 * fresh ones. The app's configuration becomes the package's: menu items, tables and their fields,
 * public views, flows, dashboards and custom pages are added, changed or removed. Records stay: kept
 * fields keep their values, new fields start empty (their default applies to new records), removed
 * fields and tables go to the trash with their values (restorable) — nothing is dropped. The
 * package's records are not imported, and the workbench shortcuts (the team's) are left as they are.
 */

/** The parts an upgrade brings in line with the package (shortcuts are the team's workbench). */
const UPGRADED = new Set(['nodes', 'tables', 'views', 'workflows', 'dashboards', 'customPages', 'printTemplates']);

/** The app as it is now, in the package parts' shapes. */
export async function currentParts(
  db: Kysely<Database>,
  engineCode: string,
  appCode: string,
): Promise<Record<string, unknown[]>> {
  const scope = await exportScope(db, engineCode, appCode);
  const parts: Record<string, unknown[]> = {};
  for (const part of PACKAGE_PARTS) if (UPGRADED.has(part.key)) parts[part.key] = await part.export(scope);
  return parts;
}

/** Every code the app has or had (trashed menu items and fields included): what a package code may match. */
async function knownCodes(db: Kysely<Database>, engineCode: string, appCode: string): Promise<Set<string>> {
  const nodes = await db
    .selectFrom('function_nodes')
    .select(['code', 'type'])
    .where('engine_code', '=', engineCode)
    .where('app_code', '=', appCode)
    .execute();
  const schemas = nodes.filter((n) => n.type === 'Schema').map((n) => n.code);
  const known = new Set([appCode, ...nodes.map((n) => n.code)]);
  if (schemas.length) {
    for (const f of await db
      .selectFrom('fields')
      .select('code')
      .where('engine_code', '=', engineCode)
      .where('schema_code', 'in', schemas)
      .execute())
      known.add(f.code);
    for (const v of await db
      .selectFrom('views')
      .select('code')
      .where('engine_code', '=', engineCode)
      .where('schema_code', 'in', schemas)
      .where('owner_member_id', '=', '')
      .execute())
      known.add(v.code);
  }
  for (const w of await db
    .selectFrom('workflows')
    .select('code')
    .where('engine_code', '=', engineCode)
    .where('app_code', '=', appCode)
    .execute())
    known.add(w.code);
  return known;
}

export interface UpgradePlan {
  /** Package code → code here (matched or fresh). */
  codes: CodeMap;
  /** The package in this app's codes. */
  manifest: Manifest;
  changes: UpgradeChange[];
  /** An incompatible type change: the field and both types. */
  refusal: { field: string; from: string; to: string } | null;
}

/** Keys sorted, so two JSON texts of the same value compare equal. */
function stable(text: string): string {
  const sort = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(sort)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
          )
        : v;
  try {
    return JSON.stringify(sort(JSON.parse(text)));
  } catch {
    return text;
  }
}

const byCode = <T>(items: T[], key: (t: T) => string) => new Map(items.map((i) => [key(i), i]));

/** A field's type may change only to one stored the same way (text ↔ long text): values stay readable. */
export function compatibleType(from: string, to: string): boolean {
  if (from === to) return true;
  const a = fieldType(from);
  const b = fieldType(to);
  return Boolean(a && b && !a.system && !b.system && a.storage === b.storage && a.references === b.references);
}

const NODE_KIND: Record<string, UpgradeChange['kind']> = {
  Schema: 'table',
  Dashboard: 'dashboard',
  UserModule: 'customPage',
};

/**
 * The package matched to the app and compared with it: what is added, changed and removed, and
 * whether a field's type change makes it impossible.
 */
export async function planUpgrade(
  db: Kysely<Database>,
  engineCode: string,
  appCode: string,
  storedMap: Record<string, string>,
  text: string,
): Promise<{ plan: UpgradePlan; current: Record<string, unknown[]> }> {
  const original = parseManifest(text);
  const known = await knownCodes(db, engineCode, appCode);
  const codes = new CodeMap();
  codes.set(original.app.code, appCode);
  for (const part of PACKAGE_PARTS) {
    if (!UPGRADED.has(part.key)) continue;
    for (const c of part.codes(original.parts[part.key] ?? [])) {
      const mapped = storedMap[c];
      if (mapped && known.has(mapped)) codes.set(c, mapped);
      else if (known.has(c)) codes.set(c, c);
      else codes.add(c);
    }
  }
  const manifest = parseManifest(codes.rewrite(text));
  const current = await currentParts(db, engineCode, appCode);
  const changes: UpgradeChange[] = [];
  let refusal: UpgradePlan['refusal'] = null;
  const change = (c: Partial<UpgradeChange> & Pick<UpgradeChange, 'kind' | 'change' | 'name'>) =>
    changes.push({ previousName: '', table: '', what: [], dataLoss: false, ...c });

  const nodesNew = (manifest.parts.nodes ?? []) as NodeItem[];
  const nodesOld = (current.nodes ?? []) as NodeItem[];
  const newNodes = byCode(nodesNew, (n) => n.code);
  const oldNodes = byCode(nodesOld, (n) => n.code);
  const tablesNew = byCode((manifest.parts.tables ?? []) as TableItem[], (t) => t.code);
  const tablesOld = byCode((current.tables ?? []) as TableItem[], (t) => t.code);
  const content = (key: 'dashboards' | 'customPages', parts: Record<string, unknown[]>) =>
    new Map(
      ((parts[key] ?? []) as (DashboardItem | CustomPageItem)[]).map((d) => [
        d.nodeCode,
        'widgets' in d ? stable(d.widgets) : `${stable(d.blocks)}|${stable(d.roles)}`,
      ]),
    );
  const contentNew = {
    ...Object.fromEntries(content('dashboards', manifest.parts)),
    ...Object.fromEntries(content('customPages', manifest.parts)),
  };
  const contentOld = {
    ...Object.fromEntries(content('dashboards', current)),
    ...Object.fromEntries(content('customPages', current)),
  };
  const nameOfTable = (code: string) => newNodes.get(code)?.displayName ?? oldNodes.get(code)?.displayName ?? '';

  for (const n of nodesNew) {
    const kind = NODE_KIND[n.type] ?? 'menu';
    const before = oldNodes.get(n.code);
    if (!before) {
      change({ kind, change: 'added', name: n.displayName });
      continue;
    }
    const what: string[] = [];
    if (before.displayName !== n.displayName) what.push('name');
    if (before.parentCode !== n.parentCode || Boolean(before.hidden) !== Boolean(n.hidden)) what.push('place');
    if (before.url !== n.url) what.push('url');
    if (kind === 'table') {
      const a = tablesOld.get(n.code);
      const b = tablesNew.get(n.code);
      if (a && b) {
        if (stable(a.permissions) !== stable(b.permissions)) what.push('permissions');
        if (stable(a.formLayout) !== stable(b.formLayout)) what.push('form');
        if (a.titleFormat !== b.titleFormat || a.titleFieldCode !== b.titleFieldCode) what.push('title');
      }
    }
    if ((kind === 'dashboard' || kind === 'customPage') && contentOld[n.code] !== contentNew[n.code])
      what.push('content');
    if (what.length)
      change({
        kind,
        change: 'changed',
        name: n.displayName,
        previousName: what.includes('name') ? before.displayName : '',
        what,
      });
  }
  for (const n of nodesOld)
    if (!newNodes.has(n.code)) {
      const kind = NODE_KIND[n.type] ?? 'menu';
      change({ kind, change: 'removed', name: n.displayName, dataLoss: kind === 'table' });
    }

  // Fields of tables both have (a new table's fields come with it, a removed one's go with it).
  for (const [code, b] of tablesNew) {
    const a = tablesOld.get(code);
    if (!a) continue;
    const table = nameOfTable(code);
    const oldFields = byCode(a.fields, (f) => f.code);
    const newFields = new Set(b.fields.map((f) => f.code));
    for (const f of b.fields) {
      const was = oldFields.get(f.code);
      if (!was) {
        change({ kind: 'field', change: 'added', name: f.name, table });
        continue;
      }
      const what: string[] = [];
      if (was.name !== f.name) what.push('name');
      if (was.type !== f.type) {
        what.push('type');
        if (!compatibleType(was.type, f.type) && !refusal) refusal = { field: was.name, from: was.type, to: f.type };
      }
      if (stable(was.settings) !== stable(normalSettings(f))) what.push('settings');
      if (Boolean(was.required) !== Boolean(f.required)) what.push('required');
      if (Boolean(was.unique) !== Boolean(f.unique)) what.push('unique');
      if ((was.description ?? '') !== (f.description ?? '')) what.push('description');
      if ((was.defaultValue ?? '') !== (f.defaultValue ?? '')) what.push('default');
      if (what.length)
        change({
          kind: 'field',
          change: 'changed',
          name: f.name,
          previousName: what.includes('name') ? was.name : '',
          table,
          what,
        });
    }
    for (const f of a.fields)
      if (!newFields.has(f.code)) change({ kind: 'field', change: 'removed', name: f.name, table, dataLoss: true });
  }

  // Views and flows of tables both have.
  const both = (schemaCode: string) => tablesNew.has(schemaCode) && tablesOld.has(schemaCode);
  const compare = <T extends { code: string; schemaCode: string; name: string }>(
    kind: 'view' | 'flow',
    next: T[],
    prev: T[],
    diff: (a: T, b: T) => string[],
  ) => {
    const old = byCode(prev, (x) => x.code);
    const fresh = new Set(next.map((x) => x.code));
    for (const x of next) {
      if (!both(x.schemaCode)) continue;
      const was = old.get(x.code);
      const table = nameOfTable(x.schemaCode);
      if (!was) change({ kind, change: 'added', name: x.name, table });
      else {
        const what = [...(was.name !== x.name ? ['name'] : []), ...diff(was, x)];
        if (what.length)
          change({
            kind,
            change: 'changed',
            name: x.name,
            previousName: was.name !== x.name ? was.name : '',
            table,
            what,
          });
      }
    }
    for (const x of prev)
      if (both(x.schemaCode) && !fresh.has(x.code))
        change({ kind, change: 'removed', name: x.name, table: nameOfTable(x.schemaCode) });
  };
  compare('view', (manifest.parts.views ?? []) as ViewItem[], (current.views ?? []) as ViewItem[], (a, b) => [
    ...(a.kind !== b.kind || stable(a.config) !== stable(b.config) ? ['config'] : []),
  ]);
  compare('flow', (manifest.parts.workflows ?? []) as FlowItem[], (current.workflows ?? []) as FlowItem[], (a, b) => [
    ...(stable(a.draft) !== stable(b.draft) ? ['draft'] : []),
    ...(stable(a.published || '""') !== stable(b.published || '""') ? ['published'] : []),
  ]);
  // Print templates of tables both have, by name: added or changed (a team's own stay as they are).
  const templateKey = (t: PrintTemplateItem) => `${t.schemaCode}\u0000${t.name}`;
  const templatesOld = new Map(((current.printTemplates ?? []) as PrintTemplateItem[]).map((t) => [templateKey(t), t]));
  for (const t of (manifest.parts.printTemplates ?? []) as PrintTemplateItem[]) {
    if (!both(t.schemaCode)) continue;
    const was = templatesOld.get(templateKey(t));
    if (!was) change({ kind: 'printTemplate', change: 'added', name: t.name, table: nameOfTable(t.schemaCode) });
    else if (stable(was.layout) !== stable(t.layout))
      change({
        kind: 'printTemplate',
        change: 'changed',
        name: t.name,
        table: nameOfTable(t.schemaCode),
        what: ['layout'],
      });
  }
  return { plan: { codes, manifest, changes, refusal }, current };
}

/** A package field's settings as an install would store them (so equal settings compare equal). */
function normalSettings(f: FieldItem): string {
  const type = fieldType(f.type);
  if (!type) return f.settings;
  try {
    const checked = type.checkSettings(JSON.parse(f.settings));
    return checked.ok ? JSON.stringify(checked.settings) : f.settings;
  } catch {
    return f.settings;
  }
}

const str = (value: unknown, what: string): string => {
  if (typeof value !== 'string') throw new PackageRefused('package.invalid', { reason: what });
  return value;
};

/** Writes the plan into the app, inside the caller's transaction. */
export async function applyUpgrade(s: InstallScope, plan: UpgradePlan, current: Record<string, unknown[]>) {
  const { trx, engineCode, appCode, now } = s;
  if (plan.refusal) throw new PackageRefused('package.upgradeTypeChange', plan.refusal);
  const parts = plan.manifest.parts;

  // Roles: those the package brings and the app lacks are added; the app's own stay as its team set them.
  const have = new Set(
    (await trx.selectFrom('app_roles').select('role_key').where('app_code', '=', appCode).execute()).map(
      (r) => r.role_key,
    ),
  );
  await rolesPart.install(
    s,
    ((parts.roles ?? []) as RoleItem[]).filter((r) => !have.has(r.key)),
  );

  // Menu items: every item of the package is there as it says (a trashed one comes back); the rest go to the trash.
  const nodes = (parts.nodes ?? []) as NodeItem[];
  const existing = new Set(
    (
      await trx
        .selectFrom('function_nodes')
        .select('code')
        .where('engine_code', '=', engineCode)
        .where('app_code', '=', appCode)
        .execute()
    ).map((n) => n.code),
  );
  const added = nodes.filter((n) => !existing.has(n.code));
  for (const n of nodes.filter((x) => existing.has(x.code)))
    await trx
      .updateTable('function_nodes')
      .set({
        parent_code: n.parentCode ? str(n.parentCode, 'nodes.parentCode') : '',
        tag: str(n.tag, 'nodes.tag'),
        display_name: str(n.displayName, 'nodes.displayName'),
        sort_key: Number(n.sortKey) || 0,
        hidden: n.hidden ? 1 : 0,
        url: str(n.url ?? '', 'nodes.url'),
        deleted_at: null,
      })
      .where('engine_code', '=', engineCode)
      .where('app_code', '=', appCode)
      .where('code', '=', n.code)
      .execute();
  await nodesPart.install(s, added);
  const keep = new Set(nodes.map((n) => n.code));
  const gone = ((current.nodes ?? []) as NodeItem[]).filter((n) => !keep.has(n.code)).map((n) => n.code);
  if (gone.length)
    await trx
      .updateTable('function_nodes')
      .set({ deleted_at: now })
      .where('engine_code', '=', engineCode)
      .where('app_code', '=', appCode)
      .where('code', 'in', gone)
      .execute();

  // Tables: a new one is created whole; a kept one's fields are brought in line.
  const tables = (parts.tables ?? []) as TableItem[];
  const schemaRows = tables.length
    ? await trx
        .selectFrom('schemas')
        .select(['code', 'table_name'])
        .where('engine_code', '=', engineCode)
        .where('app_code', '=', appCode)
        .where(
          'code',
          'in',
          tables.map((t) => t.code),
        )
        .execute()
    : [];
  const physical = new Map(schemaRows.map((r) => [r.code, r.table_name]));
  await tablesPart.install(
    s,
    tables.filter((t) => !physical.has(t.code)),
  );
  for (const t of tables) {
    const table = physical.get(t.code);
    if (!table) continue;
    await trx
      .updateTable('schemas')
      .set({
        title_field_code: str(t.titleFieldCode, 'tables.titleFieldCode'),
        permissions: str(t.permissions, 'tables.permissions'),
        form_layout: str(t.formLayout, 'tables.formLayout'),
        title_format: str(t.titleFormat, 'tables.titleFormat'),
      })
      .where('engine_code', '=', engineCode)
      .where('code', '=', t.code)
      .execute();
    await upgradeFields(s, t, table);
  }

  // Public views of the app's tables.
  const views = (parts.views ?? []) as ViewItem[];
  const schemaCodes = tables.map((t) => t.code);
  const viewRows = schemaCodes.length
    ? await trx
        .selectFrom('views')
        .select('code')
        .where('engine_code', '=', engineCode)
        .where('schema_code', 'in', schemaCodes)
        .where('owner_member_id', '=', '')
        .execute()
    : [];
  const haveViews = new Set(viewRows.map((v) => v.code));
  for (const v of views) {
    if (!haveViews.has(v.code)) continue;
    await trx
      .updateTable('views')
      .set({
        schema_code: v.schemaCode,
        name: str(v.name, 'views.name'),
        kind: str(v.kind, 'views.kind'),
        config: str(v.config, 'views.config'),
        sort_key: Number(v.sortKey) || 0,
      })
      .where('engine_code', '=', engineCode)
      .where('code', '=', v.code)
      .execute();
  }
  await PACKAGE_PARTS.find((p) => p.key === 'views')?.install(
    s,
    views.filter((v) => !haveViews.has(v.code)),
  );
  // Views of a table going to the trash stay with it.
  const viewsGone = ((current.views ?? []) as ViewItem[])
    .filter((v) => physical.has(v.schemaCode) && !views.some((x) => x.code === v.code))
    .map((v) => v.code);
  if (viewsGone.length)
    await trx
      .deleteFrom('views')
      .where('engine_code', '=', engineCode)
      .where('owner_member_id', '=', '')
      .where('code', 'in', viewsGone)
      .execute();

  await upgradeFlows(
    s,
    (parts.workflows ?? []) as FlowItem[],
    ((current.workflows ?? []) as FlowItem[]).filter((w) => physical.has(w.schemaCode)),
  );

  // Dashboards and custom pages: their content as the package has it.
  const dashboards = (parts.dashboards ?? []) as DashboardItem[];
  for (const d of dashboards) {
    const done = await trx
      .updateTable('dashboards')
      .set({ widgets: str(d.widgets, 'dashboards.widgets'), updated_by: s.memberId, updated_at: now })
      .where('engine_code', '=', engineCode)
      .where('node_code', '=', d.nodeCode)
      .executeTakeFirst();
    if (!Number(done.numUpdatedRows)) await PACKAGE_PARTS.find((p) => p.key === 'dashboards')?.install(s, [d]);
  }
  const pages = (parts.customPages ?? []) as CustomPageItem[];
  if (pages.length)
    await trx
      .deleteFrom('custom_pages')
      .where('engine_code', '=', engineCode)
      .where(
        'node_code',
        'in',
        pages.map((p) => p.nodeCode),
      )
      .execute();
  await customPagesPart.install(s, pages);

  // Print templates: the package's replace the app's of the same table and name; others stay.
  const templates = (parts.printTemplates ?? []) as PrintTemplateItem[];
  const fresh: PrintTemplateItem[] = [];
  for (const t of templates) {
    const done = await trx
      .updateTable('print_templates')
      .set({ layout: installedPrintLayout(s, t), updated_by: s.memberId, updated_at: now })
      .where('engine_code', '=', engineCode)
      .where('schema_code', '=', t.schemaCode)
      .where('name', '=', t.name)
      .executeTakeFirst();
    if (!Number(done.numUpdatedRows)) fresh.push(t);
  }
  await printTemplatesPart.install(s, fresh);
}

/** A kept table's fields: kept ones changed as the package says, new ones added, the rest to the trash. */
async function upgradeFields(s: InstallScope, t: TableItem, table: string): Promise<void> {
  const { trx, engineCode } = s;
  const rows = await trx
    .selectFrom('fields')
    .selectAll()
    .where('engine_code', '=', engineCode)
    .where('schema_code', '=', t.code)
    .execute();
  const have = new Map(rows.map((r) => [r.code, r]));
  for (const f of t.fields) {
    const type = fieldType(str(f.type, 'fields.type'));
    if (!type) throw new PackageRefused('package.invalid', { reason: `fields.type ${f.type}` });
    const checked = type.checkSettings(JSON.parse(str(f.settings, 'fields.settings')));
    if (!checked.ok) throw new PackageRefused('package.invalid', { reason: `fields.settings ${f.name}` });
    const was = have.get(f.code);
    if (!was) {
      const column = type.storage ? columnNameFor(f.code) : '';
      await trx
        .insertInto('fields')
        .values({
          code: f.code,
          schema_code: t.code,
          engine_code: engineCode,
          name: str(f.name, 'fields.name'),
          type: type.type,
          column_name: column,
          settings: JSON.stringify(checked.settings),
          required: f.required ? 1 : 0,
          unique_flag: f.unique ? 1 : 0,
          description: str(f.description ?? '', 'fields.description'),
          sort_key: Number(f.sortKey) || 0,
          created_at: s.now,
          deleted_at: null,
          default_value: str(f.defaultValue ?? '', 'fields.defaultValue'),
        })
        .execute();
      // Existing records get the column empty (a default applies to records added from now on).
      if (type.storage) await addPhysicalColumn(trx, table, column, type.storage, Boolean(f.unique));
      if (type.type === 'autoNumber')
        await trx.insertInto('schema_counters').values({ schema_code: t.code, field_code: f.code, value: 0 }).execute();
      continue;
    }
    if (!compatibleType(was.type, type.type))
      throw new PackageRefused('package.upgradeTypeChange', { field: was.name, from: was.type, to: type.type });
    await trx
      .updateTable('fields')
      .set({
        name: str(f.name, 'fields.name'),
        type: type.type,
        settings: JSON.stringify(checked.settings),
        required: f.required ? 1 : 0,
        unique_flag: f.unique ? 1 : 0,
        description: str(f.description ?? '', 'fields.description'),
        sort_key: Number(f.sortKey) || 0,
        default_value: str(f.defaultValue ?? '', 'fields.defaultValue'),
        deleted_at: null,
      })
      .where('engine_code', '=', engineCode)
      .where('code', '=', f.code)
      .execute();
    if (was.column_name && Boolean(f.unique) !== (was.unique_flag === 1))
      await setUniqueIndex(trx, table, was.column_name, Boolean(f.unique));
  }
  const keep = new Set(t.fields.map((f) => f.code));
  const gone = rows.filter((r) => r.deleted_at === null && !keep.has(r.code)).map((r) => r.code);
  // A removed field goes to the trash with its column and values, as a designer's deletion does.
  if (gone.length)
    await trx
      .updateTable('fields')
      .set({ deleted_at: s.now })
      .where('engine_code', '=', engineCode)
      .where('code', 'in', gone)
      .execute();
}

/** Flows: a changed definition in force is published as the next version (running approvals keep theirs). */
async function upgradeFlows(s: InstallScope, flows: FlowItem[], kept: FlowItem[]): Promise<void> {
  const { trx, engineCode, appCode, now } = s;
  const rows = await trx
    .selectFrom('workflows')
    .selectAll()
    .where('engine_code', '=', engineCode)
    .where('app_code', '=', appCode)
    .execute();
  const have = new Map(rows.map((r) => [r.code, r]));
  const fresh: FlowItem[] = [];
  for (const w of flows) {
    const was = have.get(w.code);
    if (!was) {
      fresh.push(w);
      continue;
    }
    const published = str(w.published ?? '', 'workflows.published');
    const current = was.published_version
      ? await trx
          .selectFrom('workflow_versions')
          .select('definition')
          .where('workflow_code', '=', was.code)
          .where('version', '=', was.published_version)
          .executeTakeFirst()
      : undefined;
    const changed = published !== '' && current?.definition !== published;
    // The draft as the designer saves it; a definition in force that changes, as its publish checks it.
    await checkPackagedFlow(s, {
      schemaCode: w.schemaCode,
      name: str(w.name, 'workflows.name'),
      draft: str(w.draft, 'workflows.draft'),
      published: changed ? published : '',
    });
    let version = was.published_version;
    if (published) {
      if (changed) {
        const last = await trx
          .selectFrom('workflow_versions')
          .select((eb) => eb.fn.max('version').as('v'))
          .where('workflow_code', '=', was.code)
          .executeTakeFirst();
        version = Number(last?.v ?? 0) + 1;
        await trx
          .insertInto('workflow_versions')
          .values({
            workflow_code: was.code,
            version,
            engine_code: engineCode,
            name: str(w.name, 'workflows.name'),
            definition: published,
            published_by: s.memberId,
            published_at: now,
          })
          .execute();
      }
    }
    await trx
      .updateTable('workflows')
      .set({
        schema_code: w.schemaCode,
        name: str(w.name, 'workflows.name'),
        draft: str(w.draft, 'workflows.draft'),
        draft_updated_by: s.memberId,
        draft_updated_at: now,
        published_version: version,
      })
      .where('code', '=', was.code)
      .execute();
  }
  await PACKAGE_PARTS.find((p) => p.key === 'workflows')?.install(s, fresh);
  const keep = new Set(flows.map((w) => w.code));
  // A flow the package no longer has is removed; its published versions stay for approvals under way.
  // (Flows of a table going to the trash stay with it.)
  const gone = kept.filter((r) => !keep.has(r.code)).map((r) => r.code);
  if (gone.length) await trx.deleteFrom('workflows').where('code', 'in', gone).execute();
}
