import { PassThrough } from 'node:stream';
import {
  type AppLogChange,
  type AppLogDetail,
  type AppLogItem,
  AppLogLimits,
  type AppLogPage,
  type AppLogQuery,
  type AppLogSettings,
  ErrorCode,
  escapeFormula,
  FeatureCode,
  type Language,
} from '@canopy/contract';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { loadExcel } from '../../lazy-libraries.js';
import type { AppLogFilter, AppLogRepository } from './repository.js';

type Row = Awaited<ReturnType<AppLogRepository['list']>>[number];

const HEADERS: Record<Language, string[]> = {
  zh: ['时间', '成员', '类型', '操作', '应用', '表单', '数据', '变更'],
  en: ['Time', 'Member', 'Kind', 'Action', 'App', 'Table', 'Record', 'Changes'],
  jp: ['日時', 'メンバー', '種類', '操作', 'アプリ', 'フォーム', 'データ', '変更'],
};

function encode(at: number, id: number): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

function decode(cursor: string | undefined): [number, number] | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && Number.isInteger(v[0]) && Number.isInteger(v[1])) return [v[0] as number, v[1] as number];
  } catch {
    // an unreadable cursor is refused below
  }
  throw new FieldValidationError([{ field: 'cursor', key: 'validate.type' }]);
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The application log (issue 14): the team's owner and admins read it, only with the feature Applog
 * on; everyone else gets a 403 that says which of the two is missing.
 */
export class AppLogService {
  constructor(
    private readonly repo: AppLogRepository,
    private readonly now: () => number = Date.now,
  ) {}

  private async require(tenant: TenantContext | null, needFeature = true): Promise<TenantContext> {
    if (!tenant || (tenant.role !== 'owner' && tenant.role !== 'admin'))
      throw new AppError(403, ErrorCode.forbidden, 'applog.forbidden');
    if (needFeature && !(await this.repo.hasFeature(tenant.engineCode, FeatureCode.applog)))
      throw new AppError(403, ErrorCode.forbidden, 'applog.featureOff');
    return tenant;
  }

  private filterOf(q: AppLogQuery): AppLogFilter {
    if (q.from !== undefined && q.to !== undefined && q.from > q.to)
      throw new FieldValidationError([{ field: 'from', key: 'applog.badRange' }]);
    const { cursor: _c, limit: _l, ...filter } = q;
    return filter;
  }

  private item(r: Row): AppLogItem {
    return {
      id: String(r.id),
      action: r.action,
      kind: r.kind,
      appCode: r.app_code,
      appName: r.app_name ?? '',
      schemaCode: r.schema_code,
      schemaName: r.schema_name ?? '',
      recordId: r.record_id,
      recordTitle: r.record_title,
      targetType: r.target_type,
      targetId: r.target_id,
      memberId: r.actor_member_id,
      memberName: r.user_name ?? '',
      createdAt: Number(r.created_at),
    };
  }

  async list(tenant: TenantContext | null, q: AppLogQuery): Promise<AppLogPage> {
    const t = await this.require(tenant);
    const limit = q.limit ?? 50;
    if (!q.cursor) await this.repo.catchUp();
    const rows = await this.repo.list(t.engineCode, this.filterOf(q), decode(q.cursor), limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      resultList: page.map((r) => this.item(r)),
      nextCursor: rows.length > limit && last ? encode(Number(last.created_at), Number(last.id)) : '',
    };
  }

  async detail(tenant: TenantContext | null, id: string): Promise<AppLogDetail> {
    const t = await this.require(tenant);
    const row = await this.repo.find(t.engineCode, Number(id));
    if (!row) throw new AppError(404, ErrorCode.notFound, 'applog.notFound');
    return {
      ...this.item(row),
      changes: JSON.parse(row.changes) as AppLogChange[],
      detail: JSON.parse(row.detail) as Record<string, unknown>,
    };
  }

  /**
   * The entries the filters list, newest first (at most AppLogLimits.exportMax), streamed into an
   * xlsx file page by page; text a spreadsheet would run as a formula is escaped.
   */
  async export(tenant: TenantContext | null, q: AppLogQuery, lang: Language) {
    const t = await this.require(tenant);
    const filter = this.filterOf(q);
    await this.repo.catchUp();
    const ExcelJS = await loadExcel();
    const stream = new PassThrough();
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false, useSharedStrings: false });
    const sheet = book.addWorksheet('applog');
    const time = new Intl.DateTimeFormat('sv-SE', {
      timeZone: t.timeZone ?? 'Asia/Shanghai',
      dateStyle: 'short',
      timeStyle: 'medium',
    });
    const pump = async () => {
      sheet.addRow(HEADERS[lang]).commit();
      let after: [number, number] | null = null;
      let written = 0;
      while (written < AppLogLimits.exportMax) {
        const rows = await this.repo.list(t.engineCode, filter, after, 1_000);
        for (const r of rows) {
          const changes = (JSON.parse(r.changes) as AppLogChange[])
            .map((c) => `${c.name}: ${text(c.from)} → ${text(c.to)}`)
            .join('\n');
          const cells = [
            time.format(new Date(Number(r.created_at))),
            r.user_name ?? '',
            r.kind,
            r.action,
            r.app_name ?? '',
            r.schema_name ?? '',
            r.record_title,
            changes,
          ];
          sheet.addRow(cells.map((c) => escapeFormula(c))).commit();
        }
        written += rows.length;
        const last = rows.at(-1);
        if (rows.length < 1_000 || !last) break;
        after = [Number(last.created_at), Number(last.id)];
      }
      sheet.commit();
      await book.commit();
    };
    void pump().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
    const day = new Date(this.now()).toISOString().slice(0, 10);
    return {
      fileName: `applog-${day}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      stream,
    };
  }

  /** The retention, for the owner and admins (enterprise management), the feature on or not. */
  async settings(tenant: TenantContext | null): Promise<AppLogSettings> {
    const t = await this.require(tenant, false);
    const days = await this.repo.retention(t.engineCode);
    const known = AppLogLimits.retentionDays.find((d) => d === days);
    return { retentionDays: known ?? AppLogLimits.defaultRetentionDays };
  }

  async saveSettings(tenant: TenantContext | null, retentionDays: number): Promise<boolean> {
    const t = await this.require(tenant, false);
    await this.repo.setRetention(t.engineCode, retentionDays);
    return true;
  }
}

/** One round of the retention job (main.ts, hourly): entries older than their team's retention go, in batches. */
export async function appLogRetentionRound(repo: AppLogRepository, now: number = Date.now()): Promise<void> {
  await repo.removeExpired(now, 5_000);
}
