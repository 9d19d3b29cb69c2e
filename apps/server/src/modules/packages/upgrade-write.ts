import { ErrorCode } from '@canopy/contract';
import { AppError } from '../../http/app-error.js';
import { recordAudit } from '../audit/record.js';
import type { InstallRun } from './install-work.js';
import { originOf, parseManifest } from './manifest.js';
import { insertFiles, stageFiles } from './package-files.js';
import type { InstallScope } from './parts.js';
import { derivedId } from './remap.js';
import { applyUpgrade, planUpgrade } from './upgrade.js';
import { PackageRefused } from './zip-read.js';

/**
 * An upgrade in place (upgrade.ts): the app's configuration becomes the package's in one
 * transaction with its DDL, its records stay, the app's code map grows by the codes new to it,
 * and the task is marked done — or nothing of it stays.
 */
export async function writeUpgrade(run: InstallRun, text: string): Promise<void> {
  const { task, staging } = run;
  const original = parseManifest(text);
  const origin = originOf(original);
  const staged = await stageFiles(original, staging, false);
  const now = run.now();
  await run.db.transaction().execute(async (trx) => {
    const app = await trx
      .selectFrom('apps')
      .select(['code', 'display_name'])
      .where('engine_code', '=', task.engine_code)
      .where('code', '=', task.app_code)
      .where('state', '=', 'ACTIVE')
      .executeTakeFirst();
    if (!app) throw new AppError(404, ErrorCode.notFound, 'app.notFound', {});
    const row = await trx
      .selectFrom('app_origins')
      .selectAll()
      .where('engine_code', '=', task.engine_code)
      .where('app_code', '=', task.app_code)
      .executeTakeFirst();
    if ((row?.origin_id ?? task.app_code) !== origin.id) throw new PackageRefused('package.upgradeOtherApp');
    const stored = row ? (JSON.parse(row.code_map) as Record<string, string>) : {};
    const { plan, current } = await planUpgrade(trx, task.engine_code, task.app_code, stored, text);
    const scope: InstallScope = {
      trx,
      engineCode: task.engine_code,
      memberId: task.member_id,
      appCode: task.app_code,
      now,
      withBizData: false,
      codes: plan.codes,
      fileId: (old) => (staged.has(old) ? derivedId(task.id, old) : null),
    };
    await applyUpgrade(scope, plan, current);
    run.progress(60);
    run.crash('tables');
    await insertFiles(trx, task, original, staged, now);
    run.crash('records');
    const codeMap = JSON.stringify({ ...stored, ...plan.codes.toJSON() });
    if (row)
      await trx
        .updateTable('app_origins')
        .set({ version: origin.version, code_map: codeMap, updated_at: now })
        .where('app_code', '=', task.app_code)
        .execute();
    else
      await trx
        .insertInto('app_origins')
        .values({
          app_code: task.app_code,
          engine_code: task.engine_code,
          origin_id: origin.id,
          version: origin.version,
          code_map: codeMap,
          updated_at: now,
        })
        .execute();
    await recordAudit(
      trx,
      {
        engineCode: task.engine_code,
        actorMemberId: task.member_id,
        action: 'app.upgrade',
        targetType: 'app',
        targetId: task.app_code,
        detail: { name: app.display_name, version: origin.version, changes: plan.changes.length },
      },
      now,
    );
    await run.done(trx, codeMap);
  });
}
