import { randomUUID } from 'node:crypto';
import {
  type AnswerFeedbackBody,
  type CreateFeedbackBody,
  canMoveFeedback,
  ErrorCode,
  type FeedbackCategory,
  type FeedbackItem,
  FeedbackLimits,
  type FeedbackListQuery,
  type FeedbackPage,
  type FeedbackStatus,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, FilesTable, UsersTable } from '../../db/schema.js';
import { AppError, Errors, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { toUploaded } from '../files/service.js';
import type { Letters } from '../notices/letters.js';
import type { FeedbackRepository, FeedbackRow } from './repository.js';

const HOUR_MS = 60 * 60_000;
/** The start of a feedback's text, as a letter names it. */
const summaryOf = (detail: string) => (detail.length > 20 ? `${detail.slice(0, 20)}…` : detail);
const notFound = () => new AppError(404, ErrorCode.notFound, 'feedback.notFound');

function screenshotIds(row: Pick<FeedbackRow, 'screenshots'>): string[] {
  try {
    const ids: unknown = JSON.parse(row.screenshots);
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Feedback rules: a member sends feedback in the current team and sees only their own there; the
 * instance administrator (the first account, as for the developer outbox) sees all of it, answers
 * and moves its status. Screenshots are images the sender uploaded in that team.
 */
export class FeedbackService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: FeedbackRepository,
    /** Tells the sender of an answer or a new status (null in tests that do not need letters). */
    private readonly letters: Letters | null,
    private readonly now: () => number = Date.now,
  ) {}

  async create(user: UsersTable, tenant: TenantContext | null, body: CreateFeedbackBody): Promise<FeedbackItem> {
    if (!tenant) throw Errors.forbidden();
    const detail = body.detail.trim();
    if (!detail) throw new FieldValidationError([{ field: 'detail', key: 'validate.required' }]);
    const ids = [...new Set(body.screenshots)];
    const files = await this.repo.files(ids);
    const own = (f: FilesTable) =>
      f.engine_code === tenant.engineCode && f.uploader_member_id === tenant.memberId && f.is_image === 1;
    if (files.length !== ids.length || !files.every(own)) {
      throw new FieldValidationError([{ field: 'screenshots', key: 'feedback.screenshot.invalid' }]);
    }
    let appName: string | null = null;
    if (body.appCode) {
      const app = await this.repo.appName(tenant.engineCode, body.appCode);
      if (!app) throw new FieldValidationError([{ field: 'appCode', key: 'feedback.app.unknown' }]);
      appName = app.display_name;
    }
    const now = this.now();
    const recent = await this.repo.sentSince(tenant.engineCode, tenant.memberId, now - HOUR_MS, FeedbackLimits.perHour);
    if (recent >= FeedbackLimits.perHour) throw new AppError(429, ErrorCode.rateLimited, 'feedback.tooMany');
    const id = randomUUID();
    await this.repo.insert({
      id,
      engine_code: tenant.engineCode,
      member_id: tenant.memberId,
      user_id: user.id,
      category: body.category,
      detail,
      screenshots: JSON.stringify(ids),
      page_url: body.pageUrl.trim(),
      app_code: body.appCode ?? null,
      app_name: appName,
      status: 'open',
      answer: null,
      answered_at: null,
      created_at: now,
      updated_at: now,
    });
    return this.one(id);
  }

  /** The member's own feedback in the current team. */
  async mine(tenant: TenantContext | null, query: FeedbackListQuery): Promise<FeedbackPage> {
    if (!tenant) throw Errors.forbidden();
    return this.page(query, { engineCode: tenant.engineCode, memberId: tenant.memberId });
  }

  async all(user: UsersTable, query: FeedbackListQuery): Promise<FeedbackPage> {
    this.requireAdmin(user);
    return this.page(query);
  }

  async answer(user: UsersTable, id: string, body: AnswerFeedbackBody): Promise<FeedbackItem> {
    this.requireAdmin(user);
    const row = await this.repo.byId(id);
    if (!row) throw notFound();
    const from = row.status as FeedbackStatus;
    if (!canMoveFeedback(from, body.status)) {
      throw new AppError(409, ErrorCode.conflict, 'feedback.status.transition');
    }
    const now = this.now();
    const answer = body.answer?.trim();
    await this.db.transaction().execute(async (trx) => {
      const moved = await this.repo.answer(
        id,
        from,
        { status: body.status, updated_at: now, ...(answer ? { answer, answered_at: now } : {}) },
        trx,
      );
      // Someone changed it between the read and the write: they decide, this one is refused.
      if (!moved) throw new AppError(409, ErrorCode.conflict, 'feedback.status.transition');
      // The sender hears of it in the team they sent it from; the letter opens their /feedback.
      await this.letters?.write(
        trx,
        [
          {
            kind: 'feedback',
            engineCode: row.engine_code,
            memberId: row.member_id,
            params: { summary: summaryOf(row.detail), status: `feedback.${body.status}` },
            link: { href: '/feedback', payload: { kind: 'feedback', feedbackId: id }, label: 'view' },
          },
        ],
        now,
      );
    });
    return this.one(id);
  }

  /** A screenshot of a feedback, for its sender or the instance administrator. */
  async screenshot(user: UsersTable, id: string, fileId: string): Promise<FilesTable> {
    const row = await this.repo.byId(id);
    if (!row || (row.user_id !== user.id && user.instance_admin !== 1)) throw notFound();
    if (!screenshotIds(row).includes(fileId)) throw notFound();
    const [file] = await this.repo.files([fileId]);
    if (!file) throw notFound();
    return file;
  }

  private requireAdmin(user: UsersTable): void {
    if (user.instance_admin !== 1) throw new AppError(403, ErrorCode.forbidden, 'admin.only');
  }

  private async one(id: string): Promise<FeedbackItem> {
    const row = await this.repo.byId(id);
    if (!row) throw notFound();
    const [item] = await this.toItems([row]);
    if (!item) throw notFound();
    return item;
  }

  private async page(
    query: FeedbackListQuery,
    sender?: { engineCode: string; memberId: string },
  ): Promise<FeedbackPage> {
    const limit = FeedbackLimits.pageSize;
    const before =
      query.beforeTime !== undefined && query.beforeId ? { time: query.beforeTime, id: query.beforeId } : undefined;
    const rows = await this.repo.list({
      ...(sender ? { sender } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(before ? { before } : {}),
      limit: limit + 1,
    });
    return { items: await this.toItems(rows.slice(0, limit)), hasMore: rows.length > limit };
  }

  /** One query for all screenshots of the page. */
  private async toItems(rows: FeedbackRow[]): Promise<FeedbackItem[]> {
    const ids = rows.flatMap(screenshotIds);
    const files = new Map((await this.repo.files(ids)).map((f) => [f.id, f]));
    return rows.map((r) => ({
      id: r.id,
      category: r.category as FeedbackCategory,
      detail: r.detail,
      screenshots: screenshotIds(r).flatMap((fileId) => {
        const f = files.get(fileId);
        return f ? [{ ...toUploaded(f), url: `/v1/feedback/${r.id}/screenshots/${f.id}` }] : [];
      }),
      pageUrl: r.page_url,
      appCode: r.app_code,
      appName: r.app_name,
      status: r.status as FeedbackStatus,
      answer: r.answer,
      answeredAt: r.answered_at === null ? null : Number(r.answered_at),
      senderName: r.sender_name,
      corpName: r.corp_name,
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    }));
  }
}
