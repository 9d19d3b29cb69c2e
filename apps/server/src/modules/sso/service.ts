import { randomBytes, randomUUID } from 'node:crypto';
import { EngineState } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { Passwords } from '../account/passwords.js';
import { insertMember } from '../org/membership.js';
import { authorizationUrl, type OidcProvider, type ProviderClaims, redeem } from './provider.js';
import { SsoRepository } from './repository.js';

/** A started sign-in must come back within ten minutes. */
export const SSO_LOGIN_TTL_MS = 10 * 60 * 1000;

/** Why a company sign-in did not end signed in; each has its message (contract messages `sso.*`). */
export class SsoFailure extends Error {
  constructor(
    readonly key: 'sso.expired' | 'sso.refused' | 'sso.unreachable' | 'sso.disabled' | 'sso.failed',
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}

/** The name an account gets from the provider: its name, its user name, the email's local part. */
function displayName(claims: ProviderClaims): string {
  const name = claims.name ?? claims.preferredUsername ?? claims.email?.split('@')[0] ?? claims.sub;
  return name.slice(0, 64);
}

export class SsoService {
  private readonly repo: SsoRepository;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly provider: OidcProvider,
    private readonly passwords: Passwords = new Passwords(),
    private readonly now: () => number = Date.now,
  ) {
    this.repo = new SsoRepository(db);
  }

  get label(): string {
    return this.provider.config.label;
  }

  /** Starts a sign-in: remembers its checks and answers where to send the browser. */
  async start(redirectUri: string, redirectTo: string): Promise<{ url: string; state: string }> {
    let started: Awaited<ReturnType<typeof authorizationUrl>>;
    try {
      started = await authorizationUrl(this.provider, redirectUri);
    } catch {
      throw new SsoFailure('sso.unreachable');
    }
    const now = this.now();
    await this.repo.saveLogin(
      {
        state: started.state,
        code_verifier: started.codeVerifier,
        nonce: started.nonce,
        redirect_to: redirectTo,
        created_at: now,
      },
      now - SSO_LOGIN_TTL_MS,
    );
    return { url: started.url.toString(), state: started.state };
  }

  /**
   * Finishes a sign-in from the provider's callback: the state must be the one this browser started
   * (its cookie) and still unspent; then the code is redeemed and the person found or created.
   */
  async finish(callbackUrl: URL, browserState: string | undefined): Promise<{ userId: string; redirectTo: string }> {
    const state = callbackUrl.searchParams.get('state') ?? '';
    if (!state || state !== browserState) throw new SsoFailure('sso.expired');
    const login = await this.repo.spendLogin(state, this.now() - SSO_LOGIN_TTL_MS);
    if (!login) throw new SsoFailure('sso.expired');
    const refused = callbackUrl.searchParams.get('error');
    if (refused)
      throw new SsoFailure('sso.refused', {
        reason: (callbackUrl.searchParams.get('error_description') ?? refused).slice(0, 200),
      });
    let claims: ProviderClaims;
    try {
      claims = await redeem(this.provider, callbackUrl, {
        state,
        nonce: login.nonce,
        codeVerifier: login.code_verifier,
      });
    } catch (e) {
      const err = e as { error?: string; error_description?: string; cause?: unknown };
      if (err.error)
        throw new SsoFailure('sso.refused', { reason: (err.error_description ?? err.error).slice(0, 200) });
      throw new SsoFailure('sso.failed');
    }
    const user = await this.accountFor(claims);
    if (user.state !== 'ENABLE') throw new SsoFailure('sso.disabled');
    return { userId: user.id, redirectTo: login.redirect_to };
  }

  /**
   * The account of this provider identity. Known: that account. Unknown: the account whose email the
   * provider has verified (linked from now on), else a new account. A first sign-in joins the
   * configured team. All in one transaction: two first sign-ins of one person make one account.
   */
  private async accountFor(claims: ProviderClaims): Promise<UsersTable> {
    const issuer = this.provider.config.issuer;
    const now = this.now();
    const known = await this.repo.userOfIdentity(issuer, claims.sub);
    if (known) {
      await this.repo.touchIdentity(issuer, claims.sub, now);
      return known;
    }
    // Hashed before the transaction: a password nobody knows (the account signs in through the provider).
    const unusablePassword = await this.passwords.hash(randomBytes(32).toString('hex'));
    try {
      return await this.createIdentity(claims, unusablePassword, now);
    } catch (e) {
      // The same person's two first sign-ins at once: the other one made the account.
      const made = await this.repo.userOfIdentity(issuer, claims.sub);
      if (made) return made;
      throw e;
    }
  }

  private createIdentity(claims: ProviderClaims, unusablePassword: string, now: number): Promise<UsersTable> {
    const issuer = this.provider.config.issuer;
    const teamCode = this.provider.config.teamCode;
    return this.db.transaction().execute(async (trx) => {
      const linked =
        claims.email && claims.emailVerified ? await new SsoRepository(trx).userByEmail(claims.email) : undefined;
      let user = linked;
      if (!user) {
        const emailFree = claims.email && claims.emailVerified && !linked ? claims.email : null;
        const anyUser = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
        user = {
          id: randomUUID(),
          user_name: displayName(claims),
          mobile: null,
          email: emailFree,
          password_hash: unusablePassword,
          avatar_url: '',
          personal_signature: '',
          state: 'ENABLE',
          entry_type: 'WEB',
          active_engine_code: null,
          language: null,
          instance_admin: anyUser ? 0 : 1,
          created_at: now,
          updated_at: now,
        };
        await trx.insertInto('users').values(user).execute();
      }
      await trx
        .insertInto('user_identities')
        .values({ issuer, subject: claims.sub, user_id: user.id, created_at: now, last_login_at: now })
        .execute();
      if (teamCode) {
        const team = await trx
          .selectFrom('engines')
          .select('engine_code')
          .where('engine_code', '=', teamCode)
          .where('state', '=', EngineState.active)
          .executeTakeFirst();
        const member = team
          ? await trx
              .selectFrom('members')
              .select('member_id')
              .where('engine_code', '=', teamCode)
              .where('user_id', '=', user.id)
              .executeTakeFirst()
          : undefined;
        if (team && !member) {
          await insertMember(trx, { engineCode: teamCode, userId: user.id, role: 'member', now });
          if (!user.active_engine_code) {
            await trx.updateTable('users').set({ active_engine_code: teamCode }).where('id', '=', user.id).execute();
            user = { ...user, active_engine_code: teamCode };
          }
        }
      }
      return user;
    });
  }
}
