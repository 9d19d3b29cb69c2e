import { APP_ICONS, APP_NAME_MAX } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { insertDefaultRoles } from '../apps/role-rows.js';
import { recordAudit } from '../audit/record.js';
import type { InstallRun } from './install-work.js';
import { originOf, parseManifest } from './manifest.js';
import { insertFiles, stageFiles } from './package-files.js';
import { writeRecords } from './package-records.js';
import { type InstallScope, PACKAGE_PARTS, type TableItem } from './parts.js';
import { CodeMap, derivedId } from './remap.js';
import { PackageRefused } from './zip-read.js';

/** A relation to a table outside the package must find that table in this team. */
async function checkExternal(
  db: Kysely<Database>,
  engineCode: string,
  tables: TableItem[],
  own: Set<string>,
): Promise<void> {
  const external = new Set<string>();
  for (const t of tables)
    for (const f of t.fields) {
      if (f.type !== 'relation') continue;
      const target = (JSON.parse(f.settings) as { schemaCode?: string }).schemaCode ?? '';
      if (!own.has(target)) external.add(target);
    }
  if (!external.size) return;
  const found = await db
    .selectFrom('schemas')
    .select('code')
    .where('engine_code', '=', engineCode)
    .where('code', 'in', [...external])
    .execute();
  if (found.length !== external.size) throw new PackageRefused('package.externalTable');
}

/**
 * A package installed as a new app: every code gets a fresh one (remap.ts), the package is checked,
 * then everything of the new app — its rows, physical tables, records and file rows — is written in
 * one transaction that ends with the task marked done (PostgreSQL and SQLite both roll DDL back).
 */
export async function writeNewApp(run: InstallRun, withBizData: boolean, text: string): Promise<void> {
  const { task, staging } = run;
  const original = parseManifest(text);
  const codes = new CodeMap();
  codes.set(original.app.code, task.app_code);
  for (const part of PACKAGE_PARTS) for (const c of part.codes(original.parts[part.key] ?? [])) codes.add(c);
  const manifest = parseManifest(codes.rewrite(text));
  const tables = (manifest.parts.tables ?? []) as TableItem[];
  const ownTables = new Set(tables.map((t) => t.code));
  // Every table is a menu item of type Schema and every such item has its table.
  const tableNodes = ((manifest.parts.nodes ?? []) as { code: string; type: string }[]).filter(
    (n) => n.type === 'Schema',
  );
  if (tableNodes.length !== ownTables.size || tableNodes.some((n) => !ownTables.has(n.code)))
    throw new PackageRefused('package.invalid', { reason: 'tables' });
  await checkExternal(run.db, task.engine_code, tables, ownTables);
  const withData = withBizData && original.withBizData;
  const staged = await stageFiles(original, staging, withData);
  const now = run.now();
  await run.db.transaction().execute(async (trx) => {
    const app = manifest.app;
    await trx
      .insertInto('apps')
      .values({
        code: task.app_code,
        engine_code: task.engine_code,
        display_name: [...String(app.displayName).trim()].slice(0, APP_NAME_MAX).join('') || 'App',
        color: Number.isInteger(app.color) ? app.color : 0,
        icon: APP_ICONS.includes(app.icon) ? app.icon : 'appstore',
        display_mode: app.displayMode === 'card' || app.displayMode === 'list' ? app.displayMode : 'list',
        description: typeof app.description === 'string' ? app.description : '',
        state: 'ACTIVE',
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('app_members')
      .values({ app_code: task.app_code, member_id: task.member_id, role: 'owner', created_at: now })
      .execute();
    const scope: InstallScope = {
      trx,
      engineCode: task.engine_code,
      memberId: task.member_id,
      appCode: task.app_code,
      now,
      withBizData: withData,
      codes,
      fileId: (old) => (staged.has(old) ? derivedId(task.id, old) : null),
    };
    for (const part of PACKAGE_PARTS) await part.install(scope, manifest.parts[part.key] ?? []);
    // A package made before app roles (issue 27): its tables name 管理员 and 成员, which it does not bring.
    if (!(manifest.parts.roles ?? []).length) await insertDefaultRoles(trx, task.engine_code, task.app_code, now);
    run.progress(40);
    run.crash('tables');
    if (withData) await writeRecords(run, trx, original, manifest, staged);
    await insertFiles(trx, task, original, staged, now);
    run.crash('records');
    const origin = originOf(original);
    await trx
      .insertInto('app_origins')
      .values({
        app_code: task.app_code,
        engine_code: task.engine_code,
        origin_id: origin.id,
        version: origin.version,
        code_map: JSON.stringify(codes),
        updated_at: now,
      })
      .execute();
    await recordAudit(
      trx,
      {
        engineCode: task.engine_code,
        actorMemberId: task.member_id,
        action: 'app.install',
        targetType: 'app',
        targetId: task.app_code,
        detail: { name: manifest.app.displayName, source: task.source, withBizData: withData },
      },
      now,
    );
    await run.done(trx, JSON.stringify(codes));
  });
}
