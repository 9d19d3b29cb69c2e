import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type ApiTokenItem,
  ApiTokenLimits,
  type CreateApiTokenBody,
  type CreatedApiToken,
  ErrorCode,
  ErrorType,
} from '@canopy/contract';
import { AppError, Errors, FieldValidationError } from '../../http/app-error.js';
import type { AuthContext, TenantContext, TokenAuth } from '../../http/context.js';
import { TokenRateLimiter } from './rate-limit.js';
import type { ApiTokenRepository, TokenRow } from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** last_used_at is written at most this often per token. */
const TOUCH_MS = 60_000;

/**
 * Tokens carry 32 random bytes (256 bits), so a plain sha256 of the token is enough to store: there
 * is nothing to guess or precompute, and the lookup stays one indexed equality (no per-request
 * key stretching as a password would need).
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Where a request wants to go, as far as a token is concerned. */
export interface TokenTarget {
  /** The route's `token` mark: undefined when only a session may call it. */
  access: 'read' | 'write' | undefined;
  appCode: string | undefined;
}

const tokenError = (status: number, key: 'token.invalid' | 'token.notAllowed' | 'token.readOnly' | 'token.appScope') =>
  new AppError(status, status === 401 ? ErrorCode.unauthorized : ErrorCode.forbidden, key, {}, ErrorType.auth);

/** Personal API tokens: created in account settings, used as `Authorization: Bearer …`. */
export class ApiTokenService {
  private readonly limiter: TokenRateLimiter;

  constructor(
    private readonly repo: ApiTokenRepository,
    ratePerMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.limiter = new TokenRateLimiter(ratePerMinute);
  }

  /**
   * A bearer token to its owner, or a refusal: 401 for an unknown, expired or revoked token (or a
   * disabled owner); 403 for an endpoint tokens may not call, a write with a read-only token or an
   * app the token does not name; 429 with Retry-After past the token's rate.
   */
  async authenticate(bearer: string, target: TokenTarget): Promise<AuthContext> {
    const now = this.now();
    const found = bearer.startsWith(ApiTokenLimits.prefix)
      ? await this.repo.findLive(tokenHash(bearer), now)
      : undefined;
    if (!found || found.user.state !== 'ENABLE') throw tokenError(401, 'token.invalid');
    const { token, user } = found;
    if (!target.access) throw tokenError(403, 'token.notAllowed');
    if (target.access === 'write' && token.read_only === 1) throw tokenError(403, 'token.readOnly');
    const appCodes = JSON.parse(token.app_codes) as string[];
    if (!target.appCode || !appCodes.includes(target.appCode)) throw tokenError(403, 'token.appScope');
    const wait = this.limiter.take(token.id, now);
    if (wait) {
      throw new AppError(429, ErrorCode.rateLimited, 'token.rateLimited', { seconds: wait }, ErrorType.biz, {
        retryAfter: wait,
      });
    }
    if (token.last_used_at === null || now - token.last_used_at > TOUCH_MS) await this.repo.touch(token.id, now);
    const auth: TokenAuth = { id: token.id, engineCode: token.engine_code, appCodes, readOnly: token.read_only === 1 };
    return { user, sessionId: '', token: auth };
  }

  async list(userId: string): Promise<ApiTokenItem[]> {
    const now = this.now();
    return (await this.repo.list(userId)).map((r) => this.toItem(r, now));
  }

  /** A token for the session's current team; the secret is answered this once and kept only hashed. */
  async create(auth: AuthContext, tenant: TenantContext | null, body: CreateApiTokenBody): Promise<CreatedApiToken> {
    if (auth.token) throw Errors.forbidden();
    if (!tenant) throw new AppError(400, ErrorCode.badRequest, 'token.noTeam');
    const name = body.name.trim();
    if (!name) throw new FieldValidationError([{ field: 'name', key: 'validate.required' }]);
    const live = await this.repo.liveApps(tenant.engineCode, body.appCodes);
    const unknown = body.appCodes.find((c) => !live.has(c));
    if (unknown)
      throw new FieldValidationError([{ field: 'appCodes', key: 'token.appUnknown', params: { code: unknown } }]);
    if ((await this.repo.countLive(auth.user.id, this.now())) >= ApiTokenLimits.perUser) {
      throw new AppError(400, ErrorCode.badRequest, 'token.tooMany', { limit: ApiTokenLimits.perUser });
    }
    const secret = `${ApiTokenLimits.prefix}${randomBytes(32).toString('base64url')}`;
    const now = this.now();
    const row = {
      id: randomUUID(),
      token_hash: tokenHash(secret),
      user_id: auth.user.id,
      engine_code: tenant.engineCode,
      name,
      prefix: secret.slice(0, ApiTokenLimits.prefix.length + 6),
      app_codes: JSON.stringify(body.appCodes),
      read_only: body.readOnly ? 1 : 0,
      created_at: now,
      expires_at: now + body.expiresInDays * DAY_MS,
      last_used_at: null,
      revoked_at: null,
    };
    await this.repo.insert(row);
    const item = (await this.repo.list(auth.user.id)).find((r) => r.id === row.id);
    if (!item) throw Errors.notFound();
    return { token: secret, item: this.toItem(item, now) };
  }

  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.repo.revoke(userId, id, this.now()))) throw Errors.notFound();
  }

  private toItem(r: TokenRow, now: number): ApiTokenItem {
    const expiresAt = Number(r.expires_at);
    return {
      id: r.id,
      name: r.name,
      prefix: r.prefix,
      engineCode: r.engine_code,
      engineName: r.engine_name,
      appCodes: JSON.parse(r.app_codes) as string[],
      readOnly: Number(r.read_only) === 1,
      createdAt: Number(r.created_at),
      expiresAt,
      lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
      state: r.revoked_at !== null ? 'revoked' : expiresAt <= now ? 'expired' : 'active',
    };
  }
}
