import { randomUUID } from 'node:crypto';
import {
  accountKind,
  ErrorCode,
  formatMessage,
  INVITATION_TTL_MS,
  type InvitationCreated,
  type InvitationSummary,
  type Language,
  type SentInvitation,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { Delivery } from '../delivery/delivery.js';
import type { LiveBus } from '../live/bus.js';
import type { Letters } from '../notices/letters.js';
import { insertMember } from '../org/membership.js';
import type { InvitationRepository } from './repository.js';

type InvitationRow = NonNullable<Awaited<ReturnType<InvitationRepository['findWithTeam']>>>;

const missing = () => new AppError(400, ErrorCode.badRequest, 'invitation.missing');
const invalid = () => new AppError(410, ErrorCode.notFound, 'invitation.invalid');

export class InvitationService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: InvitationRepository,
    private readonly delivery: Delivery,
    private readonly baseUrl: string,
    private readonly letters: Letters | null = null,
    private readonly live: LiveBus | null = null,
    private readonly now: () => number = Date.now,
  ) {}

  /** The invited accounts' open tabs hear of it at commit (an open 创建团队 page shows it at once). */
  private async tellInvitee(trx: Kysely<Database>, kind: string, target: string | null): Promise<void> {
    if (!this.live) return;
    const users = await this.repo.usersOfTarget(trx, kind, target);
    await this.live.signalUsers(trx, users, 'invitation');
  }

  /** The inviter hears how their invitation was answered, in the transaction of the answer. */
  private async tellInviter(trx: Kysely<Database>, row: InvitationRow, user: UsersTable, answer: string, now: number) {
    await this.letters?.write(
      trx,
      [
        {
          engineCode: row.engine_code,
          memberId: row.inviter_member_id,
          kind: 'invitation',
          params: { name: user.user_name, answer },
          link: { href: '/members', target: '_self', payload: { type: 'members' }, label: 'view' },
          eventId: row.id,
        },
      ],
      now,
    );
  }

  private requireManager(tenant: TenantContext | null): TenantContext {
    if (!tenant || (tenant.role !== 'owner' && tenant.role !== 'admin')) {
      throw new AppError(403, ErrorCode.forbidden, 'invitation.forbidden');
    }
    return tenant;
  }

  linkFor(id: string): string {
    return `${this.baseUrl}/home?invitationId=${encodeURIComponent(id)}`;
  }

  async create(
    user: UsersTable,
    tenantOrNull: TenantContext | null,
    rawAccount: string | undefined,
    lang: Language,
  ): Promise<InvitationCreated> {
    const tenant = this.requireManager(tenantOrNull);
    let targetKind: 'mobile' | 'email' | 'link' = 'link';
    let target: string | null = null;
    if (rawAccount?.trim()) {
      const kind = accountKind(rawAccount.trim());
      if (!kind) throw new FieldValidationError([{ field: 'account', key: 'validate.account' }]);
      targetKind = kind;
      target = kind === 'email' ? rawAccount.trim().toLowerCase() : rawAccount.trim();
      const existing = await this.db
        .selectFrom('members')
        .innerJoin('users', 'users.id', 'members.user_id')
        .select('members.member_id')
        .where('members.engine_code', '=', tenant.engineCode)
        .where(kind === 'email' ? 'users.email' : 'users.mobile', '=', target)
        .executeTakeFirst();
      if (existing) throw new AppError(409, ErrorCode.conflict, 'invitation.alreadyMember');
    }
    const now = this.now();
    const id = randomUUID();
    const corp = await this.db
      .selectFrom('engines')
      .select('corp_name')
      .where('engine_code', '=', tenant.engineCode)
      .executeTakeFirstOrThrow();
    const row = {
      id,
      engine_code: tenant.engineCode,
      inviter_member_id: tenant.memberId,
      inviter_name: user.user_name,
      target_kind: targetKind,
      target,
      state: 'PENDING',
      expires_at: now + INVITATION_TTL_MS,
      created_at: now,
      used_by_user_id: null,
      used_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await this.repo.insert(trx, row);
      await this.tellInvitee(trx, targetKind, target);
    });
    const link = this.linkFor(id);
    if (target) {
      const params = { inviter: user.user_name, corp: corp.corp_name, link };
      const message = {
        to: target,
        subject: formatMessage('invitation.mail.subject', lang, params),
        text: formatMessage('invitation.mail.body', lang, params),
      };
      if (targetKind === 'email') await this.delivery.sendMail(message);
      else await this.delivery.sendSms({ ...message, template: { kind: 'invitation', params } });
    }
    return { id, link, targetKind, target: target ?? '', expiresAt: now + INVITATION_TTL_MS };
  }

  async sent(tenant: TenantContext | null): Promise<SentInvitation[]> {
    const t = this.requireManager(tenant);
    const now = this.now();
    const rows = await this.repo.listForEngine(t.engineCode);
    return rows.map((r) => ({
      id: r.id,
      targetKind: r.target_kind,
      target: r.target ?? '',
      state: r.state === 'PENDING' && r.expires_at <= now ? 'EXPIRED' : r.state,
      inviterName: r.inviter_name,
      createdAt: r.created_at,
      expiresAt: r.expires_at,
    }));
  }

  async revoke(tenant: TenantContext | null, id: string): Promise<void> {
    const t = this.requireManager(tenant);
    const row = await this.repo.findWithTeam(id);
    // Another team's invitation is indistinguishable from a missing one.
    if (!row || row.engine_code !== t.engineCode) throw invalid();
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.finish(trx, id, 'REVOKED', null, this.now()))) throw invalid();
      // A prompt on the invitee's screen goes away with the invitation.
      await this.tellInvitee(trx, row.target_kind, row.target);
    });
  }

  async mine(user: UsersTable): Promise<InvitationSummary[]> {
    const targets = [user.mobile, user.email].filter((t): t is string => Boolean(t));
    const rows = await this.repo.listPendingForTargets(targets, this.now());
    return rows.map(toSummary);
  }

  /** A usable invitation addressed to this user (or a link anyone holding it may use). */
  private async usable(user: UsersTable, rawId: string | undefined): Promise<InvitationRow> {
    const id = rawId?.trim();
    if (!id) throw missing();
    const row = await this.repo.findWithTeam(id);
    if (row?.state !== 'PENDING' || row.expires_at <= this.now()) throw invalid();
    if (row.target_kind !== 'link' && row.target !== user.mobile && row.target !== user.email) {
      throw new AppError(403, ErrorCode.forbidden, 'invitation.notForYou');
    }
    return row;
  }

  async last(user: UsersTable, id: string | undefined): Promise<InvitationSummary> {
    return toSummary(await this.usable(user, id));
  }

  async join(user: UsersTable, id: string): Promise<void> {
    const row = await this.usable(user, id);
    const already = await this.db
      .selectFrom('members')
      .select('member_id')
      .where('engine_code', '=', row.engine_code)
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (already) throw new AppError(409, ErrorCode.conflict, 'invitation.alreadyMember');
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.finish(trx, row.id, 'ACCEPTED', user.id, now))) throw invalid();
      await insertMember(trx, { engineCode: row.engine_code, userId: user.id, role: 'member', now });
      await this.tellInviter(trx, row, user, 'accepted', now);
    });
  }

  async refuse(user: UsersTable, id: string): Promise<void> {
    const row = await this.usable(user, id);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      if (!(await this.repo.finish(trx, row.id, 'REFUSED', user.id, now))) throw invalid();
      await this.tellInviter(trx, row, user, 'refused', now);
    });
  }
}

function toSummary(row: { id: string; corp_id: string; corp_name: string; inviter_name: string }): InvitationSummary {
  return { id: row.id, corpId: row.corp_id, corpName: row.corp_name, memberName: row.inviter_name };
}
