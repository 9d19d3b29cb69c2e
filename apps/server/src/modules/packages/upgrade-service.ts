import {
  ErrorCode,
  formatMessage,
  InstallSource,
  type Language,
  type UpgradeMatch,
  type UpgradePackageBody,
  type UpgradePreview,
} from '@canopy/contract';
import { fieldType } from '@canopy/fields';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { type AppAccess, requireEdit, resolveApp } from '../apps/access.js';
import type { AppRepository } from '../apps/repository.js';
import type { PackageInstallService } from './install-service.js';
import { type Manifest, originOf, parseManifest } from './manifest.js';
import { planUpgrade } from './upgrade.js';
import { PackageRefused, readManifestText } from './zip-read.js';

/** A refused type change, its types named as the asker reads them (数字, 文本…). */
const named = (refusal: { field: string; from: string; to: string }, lang: Language) => ({
  field: refusal.field,
  from: fieldType(refusal.from)?.label[lang] ?? refusal.from,
  to: fieldType(refusal.to)?.label[lang] ?? refusal.to,
});

const refused = (error: unknown): unknown =>
  error instanceof PackageRefused ? new AppError(400, ErrorCode.validationFailed, error.key, error.params) : error;

/**
 * Upgrades of installed apps from uploaded packages (issue 12): which apps of the team an upload
 * can upgrade, the preview of what it changes, and the start of the upgrade task (run by the install
 * service, crash-safe like an install). Only the app's designers (owner, managers, admin mode) may.
 */
export class PackageUpgradeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly apps: AppRepository,
    private readonly installs: PackageInstallService,
  ) {}

  /** Apps of the team of the package's origin that this member designs (none when it cannot be read). */
  async matches(tenant: TenantContext, packagePath: string): Promise<UpgradeMatch[]> {
    const zip = this.installs.uploadedZip(tenant.engineCode, packagePath);
    let manifest: Manifest;
    try {
      manifest = parseManifest(await readManifestText(zip));
    } catch {
      // The install says what is wrong with it.
      return [];
    }
    const origin = originOf(manifest).id;
    const rows = await this.db
      .selectFrom('apps')
      .leftJoin('app_origins', 'app_origins.app_code', 'apps.code')
      .select(['apps.code', 'apps.display_name', 'app_origins.origin_id'])
      .where('apps.engine_code', '=', tenant.engineCode)
      .where('apps.state', '=', 'ACTIVE')
      .where((eb) =>
        eb.or([
          eb('app_origins.origin_id', '=', origin),
          eb.and([eb('apps.code', '=', origin), eb('app_origins.origin_id', 'is', null)]),
        ]),
      )
      .orderBy('apps.created_at')
      .limit(20)
      .execute();
    const found: UpgradeMatch[] = [];
    for (const r of rows) {
      const access = await resolveApp(this.apps, tenant, r.code, false).catch(() => null);
      if (access?.canEdit) found.push({ appCode: r.code, name: r.display_name });
    }
    return found;
  }

  async preview(
    tenant: TenantContext | null,
    body: UpgradePackageBody,
    adminHeader: boolean,
    lang: Language,
  ): Promise<UpgradePreview> {
    const { access, text, manifest, stored, version } = await this.prepare(tenant, body, adminHeader);
    const { plan } = await planUpgrade(this.db, access.tenant.engineCode, access.app.code, stored, text).catch(
      (error: unknown) => {
        throw refused(error);
      },
    );
    return {
      appCode: access.app.code,
      appName: access.app.display_name,
      fromVersion: version,
      toVersion: originOf(manifest).version,
      changes: plan.changes,
      refusal: plan.refusal ? formatMessage('package.upgradeTypeChange', lang, named(plan.refusal, lang)) : '',
    };
  }

  /** Starts the upgrade task; an incompatible type change is refused here, naming the field, before anything runs. */
  async start(
    tenant: TenantContext | null,
    body: UpgradePackageBody,
    adminHeader: boolean,
    lang: Language,
  ): Promise<{ taskId: string; appCode: string }> {
    const { access, text, stored, zip } = await this.prepare(tenant, body, adminHeader);
    const { plan } = await planUpgrade(this.db, access.tenant.engineCode, access.app.code, stored, text).catch(
      (error: unknown) => {
        throw refused(error);
      },
    );
    if (plan.refusal)
      throw new AppError(400, ErrorCode.validationFailed, 'package.upgradeTypeChange', named(plan.refusal, lang));
    return this.installs.start(access.tenant, {
      source: InstallSource.upload,
      packageRef: body.packagePath,
      zipPath: zip,
      withBizData: false,
      removeZip: true,
      upgradeOf: access.app.code,
    });
  }

  /** The app (its designers only), the package (of the app's origin) and the app's code map. */
  private async prepare(tenant: TenantContext | null, body: UpgradePackageBody, adminHeader: boolean) {
    const access: AppAccess = await resolveApp(this.apps, tenant, body.appCode, adminHeader);
    requireEdit(access);
    await this.installs.requireFeature(access.tenant);
    const zip = this.installs.uploadedZip(access.tenant.engineCode, body.packagePath);
    if (!zip) throw new AppError(404, ErrorCode.notFound, 'package.notFound');
    let text: string;
    let manifest: Manifest;
    try {
      text = await readManifestText(zip);
      manifest = parseManifest(text);
    } catch (error) {
      throw refused(error);
    }
    const row = await this.db
      .selectFrom('app_origins')
      .selectAll()
      .where('engine_code', '=', access.tenant.engineCode)
      .where('app_code', '=', access.app.code)
      .executeTakeFirst();
    if ((row?.origin_id ?? access.app.code) !== originOf(manifest).id)
      throw new AppError(400, ErrorCode.validationFailed, 'package.upgradeOtherApp');
    const stored = row ? (JSON.parse(row.code_map) as Record<string, string>) : {};
    return { access, text, manifest, stored, zip, version: Number(row?.version ?? 0) };
  }
}
