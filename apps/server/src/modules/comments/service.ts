import { randomUUID } from 'node:crypto';
import type {
  CommentCounts,
  CommentEventData,
  CommentItem,
  CommentMember,
  CommentSaved,
  CommentThread,
  RecordCommentBody,
  RecordItem,
} from '@canopy/contract';
import { ErrorCode } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, RecordCommentsTable } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import { recordAudit } from '../audit/record.js';
import type { Letters } from '../notices/letters.js';
import { reachableRow, requireRight } from '../records/access.js';
import type { RecordQueryService } from '../records/query-service.js';
import { recordItem } from '../records/record-item.js';
import type { RecordRepository, RecordRow } from '../records/repository.js';
import type { SchemaContext } from '../schema-context/context.js';
import { commentLetters } from './letters.js';
import type { RecordReach } from './reach.js';
import { commentHtml, normalizeComment } from './render.js';
import type { CommentRepository, RecordKey } from './repository.js';

/** What follows from a new comment, inside its transaction (webhooks, automations: app.ts wires them). */
export type CommentHook = (
  ctx: SchemaContext,
  trx: Kysely<Database>,
  record: RecordItem,
  comment: CommentEventData,
) => Promise<void>;

const notFound = () => new AppError(404, ErrorCode.notFound, 'comment.notFound');

/**
 * Record comments (issue 31). Every call first checks that the asker sees the record (view right
 * and row rule, as reading the record does): whoever cannot see it sees none of its comments. Members
 * edit and delete their own; the table's managers (designers of the app) delete any. Letters go to
 * mentioned members and followers who can see the record, in the comment's transaction.
 */
export class CommentService {
  private readonly hooks: CommentHook[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: CommentRepository,
    private readonly queries: RecordQueryService,
    private readonly records: RecordRepository,
    private readonly reach: RecordReach,
    private readonly letters: Letters,
    private readonly now: () => number = Date.now,
  ) {}

  onCreated(hook: CommentHook): void {
    this.hooks.push(hook);
  }

  private key(ctx: SchemaContext, recordId: string): RecordKey {
    return { engineCode: ctx.schema.engine_code, schemaCode: ctx.schema.code, recordId };
  }

  /** The record as the asker may read it; refused as reading it would be. */
  private async seen(ctx: SchemaContext, id: string) {
    requireRight(ctx, 'view');
    return reachableRow(this.records, ctx, id, 'view', await this.queries.scope(ctx));
  }

  /**
   * The comment's entry in the application log, in its transaction (kind `record`, on the record:
   * its title as it is now; the text before and after as the entry's change).
   */
  private async logged(
    ctx: SchemaContext,
    trx: Kysely<Database>,
    row: RecordRow,
    action: 'comment' | 'commentEdit' | 'commentDelete',
    commentId: string,
    change: { from: string | null; to: string | null },
    now: number,
  ): Promise<void> {
    await recordAudit(
      trx,
      {
        engineCode: ctx.schema.engine_code,
        actorMemberId: ctx.access.tenant.memberId,
        action: `record.${action}`,
        targetType: 'comment',
        targetId: commentId,
        appCode: ctx.schema.app_code,
        schemaCode: ctx.schema.code,
        recordId: row.id,
        recordTitle: recordItem(ctx, row).title,
        detail: { commentId },
        changes: [{ field: 'comment', name: 'comment', ...change }],
      },
      now,
    );
  }

  private isManager(ctx: SchemaContext): boolean {
    return ctx.access.canEdit;
  }

  private async items(ctx: SchemaContext, rows: RecordCommentsTable[]): Promise<CommentItem[]> {
    const mentionsOf = new Map(rows.map((r) => [r.id, JSON.parse(r.mentions) as string[]]));
    const ids = new Set<string>();
    for (const r of rows) {
      ids.add(r.author_member_id);
      for (const m of mentionsOf.get(r.id) ?? []) ids.add(m);
    }
    const names = await this.repo.names(ctx.schema.engine_code, [...ids]);
    const me = ctx.access.tenant.memberId;
    return rows.map((r) => ({
      id: r.id,
      recordId: r.record_id,
      authorId: r.author_member_id,
      authorName: names.get(r.author_member_id) ?? '',
      body: r.body,
      html: commentHtml(r.body),
      mentions: (mentionsOf.get(r.id) ?? []).map((memberId) => ({ memberId, name: names.get(memberId) ?? '' })),
      createdAt: Number(r.created_at),
      editedAt: r.edited_at === null ? null : Number(r.edited_at),
      canEdit: r.author_member_id === me,
      canDelete: r.author_member_id === me || this.isManager(ctx),
    }));
  }

  async thread(ctx: SchemaContext, id: string): Promise<CommentThread> {
    await this.seen(ctx, id);
    const k = this.key(ctx, id);
    const [rows, followers] = await Promise.all([this.repo.thread(k), this.repo.followers(k)]);
    return { comments: await this.items(ctx, rows), following: followers.get(ctx.access.tenant.memberId) === true };
  }

  /** The text and mentions checked: not empty, mentioned members of this team. */
  private async written(ctx: SchemaContext, body: RecordCommentBody): Promise<{ text: string; mentions: string[] }> {
    const text = normalizeComment(body.body);
    if (!text) throw new FieldValidationError([{ field: 'body', key: 'comment.empty' }]);
    const mentions = [...new Set(body.mentions ?? [])];
    const known = await this.repo.activeMembers(ctx.schema.engine_code, mentions);
    if (mentions.some((m) => !known.has(m)))
      throw new FieldValidationError([{ field: 'mentions', key: 'comment.mentionUnknown' }]);
    return { text, mentions };
  }

  async create(ctx: SchemaContext, id: string, body: RecordCommentBody): Promise<CommentSaved> {
    const row = await this.seen(ctx, id);
    const { text, mentions } = await this.written(ctx, body);
    const me = ctx.access.tenant.memberId;
    const k = this.key(ctx, id);
    const creator = String(row.created_by);
    const followers = await this.repo.followers(k);
    // Who would hear of it, then only those who can see the record (outside the transaction: reach.ts).
    const others = mentions.filter((m) => m !== me);
    const following = [...followers].filter(([, on]) => on).map(([m]) => m);
    if (creator && !followers.has(creator)) following.push(creator);
    const candidates = [...new Set([...others, ...following])].filter((m) => m !== me);
    const sees = await this.reach.whoSees(ctx, candidates, id);
    const mentioned = others.filter((m) => sees.has(m));
    const told = new Set(mentioned);
    const followersTold = following.filter((m) => m !== me && sees.has(m) && !told.has(m));
    const record = this.hooks.length ? await this.queries.get(ctx, id) : undefined;
    const now = this.now();
    const comment: RecordCommentsTable = {
      id: randomUUID(),
      engine_code: k.engineCode,
      app_code: ctx.schema.app_code,
      schema_code: k.schemaCode,
      record_id: id,
      author_member_id: me,
      body: text,
      mentions: JSON.stringify(mentions),
      created_at: now,
      edited_at: null,
      deleted_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await this.repo.insert(trx, comment);
      await this.logged(ctx, trx, row, 'comment', comment.id, { from: null, to: text }, now);
      // The creator follows unless they unfollowed; the writer and the mentioned who can see it follow.
      if (creator) await this.repo.follow(trx, k, [creator], true, now, true);
      await this.repo.follow(trx, k, [me, ...mentioned], true, now);
      await this.letters.write(
        trx,
        await commentLetters(trx, ctx, comment, { mentioned, followers: followersTold }),
        now,
      );
      if (record) {
        const event: CommentEventData = {
          id: comment.id,
          recordId: id,
          authorId: me,
          body: text,
          mentions,
          createdAt: now,
        };
        for (const hook of this.hooks) await hook(ctx, trx, record, event);
      }
    });
    return this.saved(ctx, comment, others, sees);
  }

  private async saved(
    ctx: SchemaContext,
    row: RecordCommentsTable,
    others: string[],
    sees: Set<string>,
  ): Promise<CommentSaved> {
    const [item] = await this.items(ctx, [row]);
    const names = new Map((item as CommentItem).mentions.map((m) => [m.memberId, m.name]));
    const notReached: CommentMember[] = others
      .filter((m) => !sees.has(m))
      .map((memberId) => ({ memberId, name: names.get(memberId) ?? '' }));
    return { comment: item as CommentItem, notReached };
  }

  /** The author's edit: newly mentioned members who can see the record get a letter. */
  async update(ctx: SchemaContext, id: string, commentId: string, body: RecordCommentBody): Promise<CommentSaved> {
    const record = await this.seen(ctx, id);
    const k = this.key(ctx, id);
    const found = await this.repo.find(k, commentId);
    if (!found) throw notFound();
    const me = ctx.access.tenant.memberId;
    if (found.author_member_id !== me) throw new AppError(403, ErrorCode.forbidden, 'comment.notYours');
    const { text, mentions } = await this.written(ctx, body);
    const before = new Set(JSON.parse(found.mentions) as string[]);
    const others = mentions.filter((m) => m !== me);
    const sees = await this.reach.whoSees(ctx, others, id);
    const added = others.filter((m) => !before.has(m) && sees.has(m));
    const now = this.now();
    const row = { ...found, body: text, mentions: JSON.stringify(mentions), edited_at: now };
    await this.db.transaction().execute(async (trx) => {
      await this.repo.edit(trx, commentId, text, mentions, now);
      await this.logged(ctx, trx, record, 'commentEdit', commentId, { from: found.body, to: text }, now);
      await this.repo.follow(trx, k, added, true, now);
      await this.letters.write(trx, await commentLetters(trx, ctx, row, { mentioned: added, followers: [] }), now);
    });
    return this.saved(ctx, row, others, sees);
  }

  async remove(ctx: SchemaContext, id: string, commentId: string): Promise<void> {
    const record = await this.seen(ctx, id);
    const found = await this.repo.find(this.key(ctx, id), commentId);
    if (!found) throw notFound();
    if (found.author_member_id !== ctx.access.tenant.memberId && !this.isManager(ctx))
      throw new AppError(403, ErrorCode.forbidden, 'comment.deleteDenied');
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await this.repo.remove(trx, commentId, now);
      await this.logged(ctx, trx, record, 'commentDelete', commentId, { from: found.body, to: null }, now);
    });
  }

  async follow(ctx: SchemaContext, id: string, following: boolean): Promise<{ following: boolean }> {
    await this.seen(ctx, id);
    const now = this.now();
    await this.db
      .transaction()
      .execute((trx) => this.repo.follow(trx, this.key(ctx, id), [ctx.access.tenant.memberId], following, now));
    return { following };
  }

  /** A page's comment counts: one grouped query, within the asker's row rule. */
  async counts(ctx: SchemaContext, ids: string[]): Promise<CommentCounts> {
    requireRight(ctx, 'view');
    const scope = await this.queries.scope(ctx);
    return this.repo.counts(ctx.schema.engine_code, ctx.schema.code, ctx.schema.table_name, [...new Set(ids)], scope);
  }
}
