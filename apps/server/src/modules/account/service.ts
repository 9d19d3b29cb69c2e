import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { accountKind, type BasicUser, ErrorCode, ErrorType, LoginThrottle } from '@canopy/contract';
import type { UsersTable } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { Membership } from '../engines/repository.js';
import { Passwords } from './passwords.js';
import type { AccountRepository } from './repository.js';
import { LoginThrottler } from './throttle.js';

const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;
/** Sliding expiry is refreshed at most this often, so reads don't turn into writes. */
const SESSION_TOUCH_MS = 10 * 60_000;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface StartedSession {
  token: string;
  user: UsersTable;
  maxAgeSeconds: number;
}

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function normalizeAccount(raw: string): { mobile?: string; email?: string; key: string } | null {
  const account = raw.trim();
  const kind = accountKind(account);
  if (kind === 'mobile') return { mobile: account, key: `acct:${account}` };
  if (kind === 'email') {
    const email = account.toLowerCase();
    return { email, key: `acct:${email}` };
  }
  return null;
}

export function toBasicUser(user: UsersTable): BasicUser {
  return {
    id: user.id,
    userName: user.user_name,
    nickname: user.user_name,
    avatarUrl: user.avatar_url,
    email: user.email ?? '',
    mobile: user.mobile ?? '',
    entryType: user.entry_type,
    state: user.state,
    personalSignature: user.personal_signature,
    thirdBinds: { wechat: { openName: user.wechat_open_name ?? '' } },
  };
}

export class AccountService {
  private readonly throttler: LoginThrottler;
  /** Verified against when the account does not exist, so timing does not reveal which accounts exist. */
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly repo: AccountRepository,
    private readonly passwords: Passwords = new Passwords(),
    private readonly now: () => number = Date.now,
  ) {
    this.throttler = new LoginThrottler(repo);
  }

  private invalidAccount(): AppError {
    return new FieldValidationError([{ field: 'account', key: 'validate.account' }]);
  }

  /**
   * Starts a sign-up's account look-ups (issue 30): a token (kept only as its hash) good for
   * `lookupsPerChallenge` look-ups from this address for `challengeTtlMs`. Counted per address like
   * the look-ups themselves, so fresh challenges do not lift the look-ups' limit.
   */
  async startAccountCheck(ip: string): Promise<{ token: string; expiresIn: number; lookups: number }> {
    const key = `challenge:${ip}`;
    const now = this.now();
    const { lockedUntil } = await this.throttler.check([key], now);
    if (lockedUntil) throw this.throttled(lockedUntil, 'lookup.throttled');
    await this.throttler.recordFailure([{ key, lockAfter: LoginThrottle.challengesPerWindow }], now);
    const token = randomBytes(32).toString('base64url');
    await this.repo.insertAccountCheck(sessionIdOf(token), ip.slice(0, 64), now + LoginThrottle.challengeTtlMs);
    return {
      token,
      expiresIn: LoginThrottle.challengeTtlMs / 1000,
      lookups: LoginThrottle.lookupsPerChallenge,
    };
  }

  /**
   * Whether an account exists (the registration form asks). Only within a started sign-up — a live
   * challenge of this address with look-ups left (`challenge`: its cookie's token) — else a 403 that
   * says nothing of the account; and counted per client address, so the endpoint cannot be used to
   * sweep through phone numbers.
   */
  async accountExists(raw: string, ip: string, challenge: string | undefined): Promise<boolean> {
    const key = `lookup:${ip}`;
    const now = this.now();
    const { lockedUntil } = await this.throttler.check([key], now);
    if (lockedUntil) throw this.throttled(lockedUntil, 'lookup.throttled');
    const started =
      Boolean(challenge) &&
      (await this.repo.spendAccountCheck(
        sessionIdOf(challenge as string),
        ip.slice(0, 64),
        now,
        LoginThrottle.lookupsPerChallenge,
      ));
    if (!started) throw new AppError(403, ErrorCode.forbidden, 'lookup.noChallenge', {}, ErrorType.auth);
    // Counted as the login counts an address (throttle.ts), with its own key.
    await this.throttler.recordFailure([{ key, lockAfter: LoginThrottle.lookupsPerWindow }], now);
    const account = normalizeAccount(raw);
    if (!account) return false;
    return Boolean(await this.repo.findUserByAccount(account));
  }

  async register(
    input: { account: string; name: string; password: string },
    client: ClientInfo,
  ): Promise<StartedSession> {
    const account = normalizeAccount(input.account);
    if (!account) throw this.invalidAccount();
    const name = input.name.trim();
    if (!name) throw new FieldValidationError([{ field: 'name', key: 'validate.required' }]);
    if (await this.repo.findUserByAccount(account)) {
      throw new AppError(409, ErrorCode.accountExists, 'account.exists');
    }
    const now = this.now();
    const user: UsersTable = {
      id: randomUUID(),
      user_name: name,
      mobile: account.mobile ?? null,
      email: account.email ?? null,
      password_hash: await this.passwords.hash(input.password),
      avatar_url: '',
      personal_signature: '',
      state: 'ENABLE',
      entry_type: 'WEB',
      active_engine_code: null,
      language: null,
      instance_admin: (await this.repo.hasAnyUser()) ? 0 : 1,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.repo.insertUser(user);
    } catch (err) {
      // Two registrations racing for one account: the unique index decides, the loser hears why.
      if (await this.repo.findUserByAccount(account))
        throw new AppError(409, ErrorCode.accountExists, 'account.exists');
      throw err;
    }
    return this.startSession(user, client);
  }

  async login(input: { account: string; password: string }, client: ClientInfo): Promise<StartedSession> {
    const account = normalizeAccount(input.account);
    if (!account) throw this.invalidAccount();
    const keys = [account.key, `addr:${client.ip}`];
    const verdict = await this.throttler.check(keys, this.now());
    if (verdict.lockedUntil) throw this.throttled(verdict.lockedUntil);
    if (verdict.delayMs) await new Promise((r) => setTimeout(r, verdict.delayMs));

    const user = await this.repo.findUserByAccount(account);
    this.dummyHash ??= this.passwords.hash('not-a-password');
    let ok = false;
    if (user) ok = await this.passwords.verify(user.password_hash, input.password);
    else await this.passwords.verify(await this.dummyHash, input.password);
    if (!ok || !user || user.state !== 'ENABLE') {
      const lockedUntil = await this.throttler.recordFailure(
        [
          { key: account.key, lockAfter: LoginThrottle.lockAfterAccount },
          { key: `addr:${client.ip}`, lockAfter: LoginThrottle.lockAfterAddress },
        ],
        this.now(),
      );
      if (lockedUntil) throw this.throttled(lockedUntil);
      throw new AppError(400, ErrorCode.invalidCredentials, 'auth.invalidCredentials', {}, ErrorType.auth);
    }
    await this.throttler.recordSuccess(account.key);
    return this.startSession(user, client);
  }

  private throttled(lockedUntil: number, key: 'auth.throttled' | 'lookup.throttled' = 'auth.throttled'): AppError {
    const seconds = Math.max(1, Math.ceil((lockedUntil - this.now()) / 1000));
    return new AppError(
      429,
      key === 'auth.throttled' ? ErrorCode.loginThrottled : ErrorCode.rateLimited,
      key,
      { minutes: Math.ceil(seconds / 60) },
      ErrorType.auth,
      {
        retryAfter: seconds,
      },
    );
  }

  /** A new session for a user signed in another way (an "open in browser" code); null if the account is off. */
  async sessionFor(userId: string, client: ClientInfo): Promise<StartedSession | null> {
    const user = await this.repo.findUserById(userId);
    if (user?.state !== 'ENABLE') return null;
    return this.startSession(user, client);
  }

  private async startSession(user: UsersTable, client: ClientInfo): Promise<StartedSession> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.repo.insertSession({
      id: sessionIdOf(token),
      user_id: user.id,
      created_at: now,
      expires_at: now + SESSION_TTL_MS,
      last_seen_at: now,
      revoked_at: null,
      ip: client.ip.slice(0, 64),
      user_agent: client.userAgent.slice(0, 512),
    });
    return { token, user, maxAgeSeconds: SESSION_TTL_MS / 1000 };
  }

  /**
   * Resolves a cookie token to its user, and in the same statement the user's membership of the
   * team `engineHint` names (else of their remembered team); refreshes the sliding expiry now and then.
   */
  async resolveSession(
    token: string,
    engineHint: string | null = null,
  ): Promise<{ user: UsersTable; sessionId: string; membership: Membership | null } | null> {
    const id = sessionIdOf(token);
    const now = this.now();
    const found = await this.repo.findLiveSession(id, now, engineHint);
    if (found?.user.state !== 'ENABLE') return null;
    if (now - found.session.last_seen_at > SESSION_TOUCH_MS) {
      await this.repo.touchSession(id, now, now + SESSION_TTL_MS);
    }
    return { user: found.user, sessionId: id, membership: found.membership };
  }

  async logout(sessionId: string): Promise<void> {
    await this.repo.revokeSession(sessionId, this.now());
  }
}
