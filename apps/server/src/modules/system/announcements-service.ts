import { randomUUID } from 'node:crypto';
import {
  type AdminAnnouncement,
  type AnnouncementBody,
  type AnnouncementItem,
  AnnouncementLimits,
  ErrorCode,
} from '@canopy/contract';
import type { AnnouncementsTable, UsersTable } from '../../db/schema.js';
import { AppError, type FieldProblem, FieldValidationError } from '../../http/app-error.js';
import { sanitizeRichText } from '../apps/sanitize.js';
import type { AnnouncementRepository } from './announcements-repository.js';

/** How many items the workbench shows at most: the newest published ones. */
const SHOWN_MAX = 20;

const toItem = (r: AnnouncementsTable): AnnouncementItem => ({
  id: r.id,
  title: r.title,
  body: r.body,
  link: r.link,
  startsAt: Number(r.starts_at),
  endsAt: r.ends_at === null ? null : Number(r.ends_at),
});
const toAdmin = (r: AnnouncementsTable): AdminAnnouncement => ({
  ...toItem(r),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

/** An http(s) address or a path of this site (not `//host`, which leaves it). */
const LINK = /^(?:https?:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/i;

/**
 * 产品动态 (spec §2 operation area): items the instance administrator writes, shown on every
 * workbench within their publish window. Nothing ships pre-written: an empty list hides the panel.
 */
export class AnnouncementService {
  constructor(
    private readonly repo: AnnouncementRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async published(): Promise<AnnouncementItem[]> {
    return (await this.repo.published(this.now(), SHOWN_MAX)).map(toItem);
  }

  /** Ids of items whose window has ended (spec §7 GET /v1/opdata/tag/expired). */
  expiredIds(): Promise<string[]> {
    return this.repo.endedIds(this.now());
  }

  async list(user: UsersTable): Promise<AdminAnnouncement[]> {
    requireAdmin(user);
    return (await this.repo.all()).map(toAdmin);
  }

  async create(user: UsersTable, body: AnnouncementBody): Promise<AdminAnnouncement> {
    requireAdmin(user);
    const values = checked(body);
    if ((await this.repo.count()) >= AnnouncementLimits.max) {
      throw new AppError(409, ErrorCode.conflict, 'announcement.tooMany', { max: AnnouncementLimits.max });
    }
    const now = this.now();
    const row: AnnouncementsTable = {
      id: randomUUID(),
      ...values,
      created_by: user.id,
      created_at: now,
      updated_at: now,
    };
    await this.repo.insert(row);
    return toAdmin(row);
  }

  async update(user: UsersTable, id: string, body: AnnouncementBody): Promise<AdminAnnouncement> {
    requireAdmin(user);
    const values = checked(body);
    if (!(await this.repo.update(id, { ...values, updated_at: this.now() }))) throw notFound();
    const row = await this.repo.find(id);
    if (!row) throw notFound();
    return toAdmin(row);
  }

  async remove(user: UsersTable, id: string): Promise<boolean> {
    requireAdmin(user);
    if (!(await this.repo.remove(id))) throw notFound();
    return true;
  }
}

function requireAdmin(user: UsersTable): void {
  if (user.instance_admin !== 1) throw new AppError(403, ErrorCode.forbidden, 'announcement.adminOnly');
}

const notFound = () => new AppError(404, ErrorCode.notFound, 'announcement.notFound');

/** The body's rules, each failure naming its field; the body is stored sanitized. */
function checked(body: AnnouncementBody) {
  const problems: FieldProblem[] = [];
  const title = body.title.trim();
  if (!title) problems.push({ field: 'title', key: 'validate.required' });
  const html = sanitizeRichText(body.body).trim();
  if (!html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, ''))
    problems.push({ field: 'body', key: 'validate.required' });
  const link = body.link.trim();
  if (link && !LINK.test(link)) problems.push({ field: 'link', key: 'announcement.link' });
  if (body.endsAt !== null && body.endsAt <= body.startsAt)
    problems.push({ field: 'endsAt', key: 'announcement.window' });
  if (problems.length) throw new FieldValidationError(problems);
  return { title, body: html, link, starts_at: body.startsAt, ends_at: body.endsAt };
}
