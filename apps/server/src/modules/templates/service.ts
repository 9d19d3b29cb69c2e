import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import {
  type AppShareInfo,
  type CreatedShare,
  type CreateShareBody,
  ErrorCode,
  FeatureCode,
  InstallSource,
  type InstallTemplateBody,
  type Language,
  type PublishTemplateBody,
  type ServerMessageKey,
  type SharedAppPreview,
  type TemplateContents,
  type TemplateSummary,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { AppSharesTable, Database, TeamTemplatesTable } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { FileStore } from '../../storage/store.js';
import { isTeamManager, requireEdit, resolveApp } from '../apps/access.js';
import type { AppRepository } from '../apps/repository.js';
import type { PackageExportService } from '../packages/export-service.js';
import type { PackageInstallService } from '../packages/install-service.js';
import { BUILTIN_TEMPLATES, type BuiltinTemplate } from './builtin.js';
import { contentsOf, readManifest } from './contents.js';
import { templateIcon } from './template-icon.js';

/** Where the built-in templates' packages and screenshots live (apps/server/templates). */
export const BUILTIN_DIR = fileURLToPath(new URL('../../../templates/', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;

const refuse = (status: number, key: ServerMessageKey) =>
  new AppError(
    status,
    status === 404 || status === 410
      ? ErrorCode.notFound
      : status === 403
        ? ErrorCode.forbidden
        : status === 409
          ? ErrorCode.conflict
          : ErrorCode.validationFailed,
    key,
  );

interface LoadedBuiltin extends BuiltinTemplate {
  zipPath: string;
  externalLabel: string;
  contents: TemplateContents;
  previews: string[];
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The template center (issue 12). Built-in templates are packages shipped in the repository and
 * installed WITH their sample records (withBizData); a team's published templates and share links
 * are packages exported WITHOUT records when published/shared (a snapshot of the app's design: no
 * team data leaves the team), kept in the file store under the team's files. Every install is an
 * install task of PackageInstallService (source template).
 */
export class TemplateService {
  private builtins: Promise<LoadedBuiltin[]> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly apps: AppRepository,
    private readonly exporter: PackageExportService,
    private readonly installs: PackageInstallService,
    private readonly store: FileStore,
    private readonly builtinDir: string = BUILTIN_DIR,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Read once, at start-up: each built-in's package (its contents and a label naming the package's
   * bytes). One whose package is missing is left out (only while build.ts makes them the first time).
   */
  loadBuiltins(): Promise<LoadedBuiltin[]> {
    this.builtins ??= Promise.all(
      BUILTIN_TEMPLATES.filter((t) => fs.existsSync(path.join(this.builtinDir, t.id, 'package.zip'))).map(async (t) => {
        const dir = path.join(this.builtinDir, t.id);
        const zipPath = path.join(dir, 'package.zip');
        const bytes = await fs.promises.readFile(zipPath);
        const digest = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
        const previewDir = path.join(dir, 'previews');
        const previews = fs.existsSync(previewDir)
          ? (await fs.promises.readdir(previewDir)).filter((n) => /^[a-z0-9-]+\.(png|webp)$/.test(n)).sort()
          : [];
        return {
          ...t,
          zipPath,
          externalLabel: `builtin:${t.id}@${digest}`,
          contents: contentsOf(await readManifest(zipPath)),
          previews: previews.map((n) => `/v1/templates/${t.id}/previews/${n}`),
        };
      }),
    );
    return this.builtins;
  }

  private async hasFeature(engineCode: string, feature: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('engine_features')
      .select('feature_code')
      .where('engine_code', '=', engineCode)
      .where('feature_code', '=', feature)
      .executeTakeFirst();
    return !!row;
  }

  private async requireFeature(tenant: TenantContext | null, feature: string, key: ServerMessageKey) {
    if (!tenant) throw refuse(403, 'org.noTeam');
    if (!(await this.hasFeature(tenant.engineCode, feature))) throw refuse(403, key);
    return tenant;
  }

  private async memberNames(engineCode: string, memberIds: string[]): Promise<Map<string, string>> {
    if (!memberIds.length) return new Map();
    const rows = await this.db
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['members.member_id', 'users.user_name'])
      .where('members.engine_code', '=', engineCode)
      .where('members.member_id', 'in', [...new Set(memberIds)])
      .execute();
    return new Map(rows.map((r) => [r.member_id, r.user_name]));
  }

  private teamSummary(row: TeamTemplatesTable, publisherName: string, tenant: TenantContext): TemplateSummary {
    return {
      id: row.id,
      externalLabel: `team:${row.id}`,
      kind: 'team',
      name: row.name,
      description: row.description,
      icon: JSON.stringify({ icon: row.icon, color: row.color }),
      category: null,
      contents: JSON.parse(row.contents) as TemplateContents,
      previews: [],
      publisherName,
      publishedAt: row.created_at,
      canRemove: row.published_by === tenant.memberId || isTeamManager(tenant),
    };
  }

  /** The built-ins and the team's own templates (never another team's). */
  async catalog(tenant: TenantContext | null, lang: Language): Promise<{ templates: TemplateSummary[] }> {
    const t = await this.requireFeature(tenant, FeatureCode.templateCenterForAppInstall, 'template.featureOff');
    const builtins = (await this.loadBuiltins()).map(
      (b): TemplateSummary => ({
        id: b.id,
        externalLabel: b.externalLabel,
        kind: 'builtin',
        name: b.name[lang],
        description: b.description[lang],
        icon: JSON.stringify(b.icon),
        category: b.category,
        contents: b.contents,
        previews: b.previews,
        publisherName: '',
        publishedAt: 0,
        canRemove: false,
      }),
    );
    const rows = await this.db
      .selectFrom('team_templates')
      .selectAll()
      .where('engine_code', '=', t.engineCode)
      .orderBy('created_at', 'desc')
      .limit(200)
      .execute();
    const names = await this.memberNames(
      t.engineCode,
      rows.map((r) => r.published_by),
    );
    return {
      templates: [...builtins, ...rows.map((r) => this.teamSummary(r, names.get(r.published_by) ?? '', t))],
    };
  }

  /** A built-in's screenshot on disk (names are checked against the listing). */
  async previewFile(id: string, name: string): Promise<string> {
    const b = (await this.loadBuiltins()).find((x) => x.id === id);
    if (!b?.previews.includes(`/v1/templates/${id}/previews/${name}`)) throw refuse(404, 'template.notFound');
    return path.join(this.builtinDir, id, 'previews', name);
  }

  /**
   * Spec §7 install template (id, externalLabel): an install task of a new app. A built-in brings
   * its sample records unless the installer drops them (withSampleData false).
   */
  async install(tenant: TenantContext | null, body: InstallTemplateBody) {
    const t = await this.requireFeature(tenant, FeatureCode.templateCenterForAppInstall, 'template.featureOff');
    const builtin = (await this.loadBuiltins()).find((b) => b.id === body.id);
    if (builtin) {
      if (builtin.externalLabel !== body.externalLabel) throw refuse(409, 'template.labelChanged');
      return this.installs.start(t, {
        source: InstallSource.template,
        packageRef: builtin.externalLabel,
        zipPath: builtin.zipPath,
        withBizData: body.withSampleData !== false,
        removeZip: false,
      });
    }
    const row = await this.db
      .selectFrom('team_templates')
      .selectAll()
      .where('engine_code', '=', t.engineCode)
      .where('id', '=', body.id)
      .executeTakeFirst();
    if (!row) throw refuse(404, 'template.notFound');
    if (body.externalLabel !== `team:${row.id}`) throw refuse(409, 'template.labelChanged');
    return this.installStored(t, row.storage_key, `team:${row.id}`);
  }

  /** A stored package fetched to a local file the install task removes when done. */
  private async installStored(tenant: TenantContext, storageKey: string, ref: string) {
    const local = path.join(os.tmpdir(), `canopy-template-${randomUUID()}.zip`);
    if (!(await this.store.fetch(storageKey, local))) throw refuse(404, 'template.notFound');
    try {
      return await this.installs.start(tenant, {
        source: InstallSource.template,
        packageRef: ref,
        zipPath: local,
        withBizData: false,
        removeZip: true,
      });
    } catch (error) {
      await fs.promises.rm(local, { force: true });
      throw error;
    }
  }

  /** The app's design (no records) as a package in the file store, with what it holds. */
  private async snapshot(
    tenant: TenantContext,
    appCode: string,
    admin: boolean,
    key: string,
  ): Promise<TemplateContents> {
    const file = await this.exporter.open(tenant, appCode, admin, false);
    const local = path.join(os.tmpdir(), `canopy-snapshot-${randomUUID()}.zip`);
    try {
      await pipeline(file.stream, fs.createWriteStream(local));
      const contents = contentsOf(await readManifest(local));
      await this.store.put(key, local, 'application/zip');
      return contents;
    } finally {
      await fs.promises.rm(local, { force: true });
    }
  }

  /** Feature templatePublish; the app's designers. */
  async publish(tenant: TenantContext | null, admin: boolean, body: PublishTemplateBody): Promise<TemplateSummary> {
    const t = await this.requireFeature(tenant, FeatureCode.templatePublish, 'template.publishOff');
    const icon = templateIcon(body.icon);
    if (!body.name.trim()) throw new FieldValidationError([{ field: 'name', key: 'template.nameRequired' }]);
    const access = await resolveApp(this.apps, t, body.appCode, admin);
    requireEdit(access);
    const id = randomUUID();
    const key = `files/${t.engineCode}/templates/${id}.zip`;
    const contents = await this.snapshot(t, body.appCode, admin, key);
    const row: TeamTemplatesTable = {
      id,
      engine_code: t.engineCode,
      app_code: body.appCode,
      name: body.name.trim(),
      description: body.description.trim(),
      icon: icon.icon,
      color: icon.color,
      contents: JSON.stringify(contents),
      storage_key: key,
      published_by: t.memberId,
      created_at: this.now(),
    };
    await this.db.insertInto('team_templates').values(row).execute();
    const names = await this.memberNames(t.engineCode, [t.memberId]);
    return this.teamSummary(row, names.get(t.memberId) ?? '', t);
  }

  /** Its publisher or a team owner/admin. */
  async unpublish(tenant: TenantContext | null, id: string): Promise<null> {
    if (!tenant) throw refuse(403, 'org.noTeam');
    const row = await this.db
      .selectFrom('team_templates')
      .selectAll()
      .where('engine_code', '=', tenant.engineCode)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw refuse(404, 'template.notFound');
    if (row.published_by !== tenant.memberId && !isTeamManager(tenant)) throw refuse(403, 'template.unpublishDenied');
    await this.db
      .deleteFrom('team_templates')
      .where('engine_code', '=', tenant.engineCode)
      .where('id', '=', id)
      .execute();
    await this.store.remove(row.storage_key);
    return null;
  }

  private shareInfo(row: AppSharesTable, creatorName: string): AppShareInfo {
    return {
      id: row.id,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      revoked: row.revoked_at > 0,
      creatorName,
    };
  }

  private async designedApp(tenant: TenantContext | null, appCode: string, admin: boolean) {
    const t = await this.requireFeature(tenant, FeatureCode.appShare, 'template.shareOff');
    const access = await resolveApp(this.apps, t, appCode, admin);
    requireEdit(access);
    return access;
  }

  async shares(tenant: TenantContext | null, appCode: string, admin: boolean): Promise<{ shares: AppShareInfo[] }> {
    const access = await this.designedApp(tenant, appCode, admin);
    const rows = await this.db
      .selectFrom('app_shares')
      .selectAll()
      .where('engine_code', '=', access.tenant.engineCode)
      .where('app_code', '=', appCode)
      .orderBy('created_at', 'desc')
      .limit(100)
      .execute();
    const names = await this.memberNames(
      access.tenant.engineCode,
      rows.map((r) => r.created_by),
    );
    return { shares: rows.map((r) => this.shareInfo(r, names.get(r.created_by) ?? '')) };
  }

  /** Feature appShare; the app's designers. The token is answered once; only its hash is kept. */
  async createShare(
    tenant: TenantContext | null,
    appCode: string,
    admin: boolean,
    body: CreateShareBody,
  ): Promise<CreatedShare> {
    const access = await this.designedApp(tenant, appCode, admin);
    const t = access.tenant;
    const id = randomUUID();
    const token = randomBytes(24).toString('base64url');
    const key = `files/${t.engineCode}/shares/${id}.zip`;
    const contents = await this.snapshot(t, appCode, admin, key);
    const now = this.now();
    const row: AppSharesTable = {
      id,
      engine_code: t.engineCode,
      app_code: appCode,
      token_hash: hashToken(token),
      name: access.app.display_name,
      description: access.app.description,
      icon: access.app.icon,
      color: access.app.color,
      contents: JSON.stringify(contents),
      storage_key: key,
      created_by: t.memberId,
      created_at: now,
      expires_at: body.expiresInDays ? now + body.expiresInDays * DAY_MS : 0,
      revoked_at: 0,
    };
    await this.db.insertInto('app_shares').values(row).execute();
    const names = await this.memberNames(t.engineCode, [t.memberId]);
    return { share: this.shareInfo(row, names.get(t.memberId) ?? ''), token };
  }

  async revokeShare(tenant: TenantContext | null, appCode: string, shareId: string, admin: boolean) {
    const access = await this.designedApp(tenant, appCode, admin);
    const t = access.tenant;
    const row = await this.db
      .selectFrom('app_shares')
      .selectAll()
      .where('engine_code', '=', t.engineCode)
      .where('app_code', '=', appCode)
      .where('id', '=', shareId)
      .executeTakeFirst();
    if (!row) throw refuse(404, 'template.shareNotFound');
    const revokedAt = row.revoked_at || this.now();
    await this.db
      .updateTable('app_shares')
      .set({ revoked_at: revokedAt })
      .where('engine_code', '=', t.engineCode)
      .where('id', '=', shareId)
      .execute();
    await this.store.remove(row.storage_key);
    const names = await this.memberNames(t.engineCode, [row.created_by]);
    return this.shareInfo({ ...row, revoked_at: revokedAt }, names.get(row.created_by) ?? '');
  }

  /** A live share by its token: unknown, revoked and expired links are refused by name. */
  private async liveShare(token: string): Promise<AppSharesTable> {
    const row = await this.db
      .selectFrom('app_shares')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirst();
    if (!row) throw refuse(404, 'template.shareNotFound');
    if (row.revoked_at) throw refuse(410, 'template.shareRevoked');
    if (row.expires_at && row.expires_at <= this.now()) throw refuse(410, 'template.shareExpired');
    return row;
  }

  /** Any signed-in user (of any team) holding the link. */
  async sharedPreview(token: string): Promise<SharedAppPreview> {
    const row = await this.liveShare(token);
    const team = await this.db
      .selectFrom('engines')
      .select('corp_name')
      .where('engine_code', '=', row.engine_code)
      .executeTakeFirst();
    const names = await this.memberNames(row.engine_code, [row.created_by]);
    return {
      name: row.name,
      description: row.description,
      icon: JSON.stringify({ icon: row.icon, color: row.color }),
      teamName: team?.corp_name ?? '',
      sharedBy: names.get(row.created_by) ?? '',
      sharedAt: row.created_at,
      expiresAt: row.expires_at,
      contents: JSON.parse(row.contents) as TemplateContents,
    };
  }

  /** Installs the shared app (its design, no records) into the user's current team. */
  async installShared(tenant: TenantContext | null, token: string) {
    if (!tenant) throw refuse(403, 'org.noTeam');
    const row = await this.liveShare(token);
    return this.installStored(tenant, row.storage_key, `share:${row.id}`);
  }
}
