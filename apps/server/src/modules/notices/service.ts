import type { Language, Letter, LetterList, LetterListQuery } from '@canopy/contract';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { LiveBus } from '../live/bus.js';
import type { LetterRow, NoticeRepository } from './repository.js';
import { parseBody, renderLetter } from './templates.js';

export const letterNotFound = () => new AppError(404, 'common.not.found', 'notice.notFound');

/** The reader's letters, rendered in their language; marks tell the member's other tabs (live). */
export class NoticeService {
  constructor(
    private readonly repo: NoticeRepository,
    private readonly live: LiveBus,
    private readonly db: Parameters<LiveBus['signal']>[0],
  ) {}

  toLetter(row: LetterRow, lang: Language): Letter {
    const body = parseBody(row.extra_info);
    const text = body ? renderLetter(body, lang) : { subject: row.subject, content: row.content };
    return {
      id: Number(row.id),
      subject: text.subject,
      content: text.content,
      createTime: Number(row.create_time),
      readStatus: Number(row.read_status),
      extraInfo: row.extra_info,
      kind: row.kind,
    };
  }

  async list(t: TenantContext, q: LetterListQuery, lang: Language): Promise<LetterList> {
    const filter = { readStatus: q.readStatus, kind: q.kind };
    const [rows, totalCount] = await Promise.all([
      this.repo.page(t.engineCode, t.memberId, filter, q.offset, q.pageSize),
      this.repo.count(t.engineCode, t.memberId, filter),
    ]);
    return { resultList: rows.map((r) => this.toLetter(r, lang)), totalCount };
  }

  async detail(t: TenantContext, id: number, lang: Language): Promise<Letter> {
    const row = await this.repo.one(t.engineCode, t.memberId, id);
    if (!row) throw letterNotFound();
    return this.toLetter(row, lang);
  }

  async markRead(t: TenantContext, ids: number[]): Promise<number> {
    return this.changed(t, await this.repo.markRead(t.engineCode, t.memberId, [...new Set(ids)]));
  }

  async markAllRead(t: TenantContext): Promise<number> {
    return this.changed(t, await this.repo.markRead(t.engineCode, t.memberId, 'all'));
  }

  /** The member's other tabs refresh their bell. */
  private async changed(t: TenantContext, n: number): Promise<number> {
    if (n > 0) await this.live.signal(this.db, [{ engineCode: t.engineCode, memberId: t.memberId, type: 'letter' }]);
    return n;
  }
}
