import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type JsApiTicket,
  type ServerMessageKey,
  type WecomBinding,
  WecomPurpose,
  type WecomTicket,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { WecomApiError, type WecomClient, WecomUnreachable } from './client.js';

/** A started WeCom round must come back within ten minutes. */
export const WECOM_LOGIN_TTL_MS = 10 * 60 * 1000;

export type WecomFailureKey =
  | 'wecom.unbound'
  | 'wecom.expired'
  | 'wecom.notMember'
  | 'wecom.unreachable'
  | 'wecom.refused'
  | 'wecom.bindNeedsLogin'
  | 'wecom.bindTaken'
  | 'sso.disabled';

/** Why a WeCom round did not end as asked; each has its message in words. */
export class WecomFailure extends Error {
  constructor(
    readonly key: WecomFailureKey,
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}

/** What a finished round did: signed this account in, or bound it. */
export type WecomFinished =
  | { purpose: typeof WecomPurpose.login; userId: string; redirectTo: string }
  | { purpose: typeof WecomPurpose.bind; userId: string; redirectTo: string };

const refuse = (status: number, key: ServerMessageKey) =>
  new AppError(status, status === 403 ? ErrorCode.forbidden : ErrorCode.badRequest, key);

/** Failures of WeCom's API in the words the person reads. */
function asFailure(e: unknown): WecomFailure {
  if (e instanceof WecomUnreachable) return new WecomFailure('wecom.unreachable');
  if (e instanceof WecomApiError) return new WecomFailure('wecom.refused', { reason: `${e.errcode} ${e.errmsg}` });
  throw e;
}

/**
 * Sign-in inside the WeCom client and binding (spec §5 WeCom binding): a member binds their WeCom
 * identity once from the WeCom PC client while signed in; from then on opening the app in WeCom
 * (PC or mobile) signs them in. An unbound WeCom member is told "未绑定企业微信，请前往PC端绑定".
 * Identities are user_identities rows with the issuer `wecom:<corp id>`.
 */
export class WecomService {
  private readonly issuer: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly client: WecomClient,
    private readonly now: () => number = Date.now,
  ) {
    this.issuer = `wecom:${client.config.corpId}`;
  }

  /**
   * Starts a round: remembers it (and, for a binding, whose) and answers WeCom's page to go to: its
   * OAuth page inside the WeCom client, or its QR web login (`qr`) in any other browser.
   */
  async start(
    purpose: WecomPurpose,
    userId: string | null,
    redirectTo: string,
    callbackUrl: string,
    qr = false,
  ): Promise<{ url: string; state: string }> {
    if (purpose === WecomPurpose.bind && !userId) throw new WecomFailure('wecom.bindNeedsLogin');
    const state = randomBytes(24).toString('base64url');
    const now = this.now();
    // Rounds nobody finished are dropped as new ones start: the table holds minutes, not history.
    await this.db
      .deleteFrom('wecom_logins')
      .where('created_at', '<', now - WECOM_LOGIN_TTL_MS)
      .execute();
    await this.db
      .insertInto('wecom_logins')
      .values({ state, purpose, user_id: userId, redirect_to: redirectTo, created_at: now })
      .execute();
    const url = qr ? this.client.qrLoginUrl(callbackUrl, state) : this.client.authorizeUrl(callbackUrl, state);
    return { url, state };
  }

  /**
   * WeCom's callback: the state must be the one this browser started and unspent; the code names
   * the WeCom member. Sign-in: their bound account. Binding: the account that started it, which
   * must still be the one signed in.
   */
  async finish(
    state: string,
    browserState: string | undefined,
    code: string,
    signedInUserId: string | null,
  ): Promise<WecomFinished> {
    if (!state || state !== browserState) throw new WecomFailure('wecom.expired');
    const round = await this.db.deleteFrom('wecom_logins').where('state', '=', state).returningAll().executeTakeFirst();
    if (!round || round.created_at < this.now() - WECOM_LOGIN_TTL_MS) throw new WecomFailure('wecom.expired');
    if (!code) throw new WecomFailure('wecom.refused', { reason: 'no code' });
    let wecomUserId: string | null;
    try {
      wecomUserId = await this.client.memberOfCode(code);
    } catch (e) {
      throw asFailure(e);
    }
    if (!wecomUserId) throw new WecomFailure('wecom.notMember');

    if (round.purpose === WecomPurpose.bind) {
      if (!round.user_id || round.user_id !== signedInUserId) throw new WecomFailure('wecom.bindNeedsLogin');
      await this.bind(round.user_id, wecomUserId);
      return { purpose: WecomPurpose.bind, userId: round.user_id, redirectTo: round.redirect_to };
    }
    const user = await this.db
      .selectFrom('user_identities')
      .innerJoin('users', 'users.id', 'user_identities.user_id')
      .select(['users.id', 'users.state'])
      .where('user_identities.issuer', '=', this.issuer)
      .where('user_identities.subject', '=', wecomUserId)
      .executeTakeFirst();
    if (!user) throw new WecomFailure('wecom.unbound');
    if (user.state !== 'ENABLE') throw new WecomFailure('sso.disabled');
    await this.db
      .updateTable('user_identities')
      .set({ last_login_at: this.now() })
      .where('issuer', '=', this.issuer)
      .where('subject', '=', wecomUserId)
      .execute();
    return { purpose: WecomPurpose.login, userId: user.id, redirectTo: round.redirect_to };
  }

  /** One WeCom identity per account and one account per WeCom identity, in one transaction. */
  private async bind(userId: string, wecomUserId: string): Promise<void> {
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      const holder = await trx
        .selectFrom('user_identities')
        .select('user_id')
        .where('issuer', '=', this.issuer)
        .where('subject', '=', wecomUserId)
        .executeTakeFirst();
      if (holder && holder.user_id !== userId) throw new WecomFailure('wecom.bindTaken');
      if (holder) return;
      await trx.deleteFrom('user_identities').where('issuer', '=', this.issuer).where('user_id', '=', userId).execute();
      await trx
        .insertInto('user_identities')
        .values({ issuer: this.issuer, subject: wecomUserId, user_id: userId, created_at: now, last_login_at: now })
        .execute();
    });
  }

  async binding(userId: string): Promise<WecomBinding> {
    const row = await this.db
      .selectFrom('user_identities')
      .select('subject')
      .where('issuer', '=', this.issuer)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return { available: true, wecomUserId: row?.subject ?? '' };
  }

  async unbind(userId: string): Promise<WecomBinding> {
    await this.db
      .deleteFrom('user_identities')
      .where('issuer', '=', this.issuer)
      .where('user_id', '=', userId)
      .execute();
    return { available: true, wecomUserId: '' };
  }

  /** Spec §7 GET /v1/wechat/jsapiticket: only for the current team (corpId selects, never widens). */
  async jsApiTicket(tenant: TenantContext | null, corpId: string): Promise<JsApiTicket> {
    if (!tenant) throw refuse(403, 'org.noTeam');
    if (corpId !== tenant.corpId) throw refuse(403, 'wecom.wrongTeam');
    return {
      jsApiTicket: await this.ticketOr502(() => this.client.jsApiTicket()),
      wxCorpId: this.client.config.corpId,
    };
  }

  /** Spec §7 the WeCom app's tickets: a member of a team may sign the JS-SDK's config with them. */
  async agentTicket(tenant: TenantContext | null): Promise<WecomTicket> {
    if (!tenant) throw refuse(403, 'org.noTeam');
    const [ticket, agentTicket] = await Promise.all([
      this.ticketOr502(() => this.client.jsApiTicket()),
      this.ticketOr502(() => this.client.agentTicket()),
    ]);
    return { ticket, agentTicket, wecomCorpId: this.client.config.corpId, agentId: this.client.config.agentId };
  }

  private async ticketOr502(fetcher: () => Promise<string>): Promise<string> {
    try {
      return await fetcher();
    } catch (e) {
      const failure = asFailure(e);
      throw new AppError(502, ErrorCode.internal, failure.key, failure.params);
    }
  }
}
