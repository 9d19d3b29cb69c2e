import { createHash, randomBytes } from 'node:crypto';
import {
  AUTHORIZATION_CODE_PATH,
  type AuthorizationCode,
  type OnboardingSaveBody,
  type OnboardingState,
  type OnboardingStep,
  OnboardingSteps,
} from '@canopy/contract';
import type { UserOnboardingTable } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import type { OnboardingRepository } from './repository.js';

/** How long an "open in browser" code lives: long enough to switch windows, short enough to be useless if leaked. */
export const AUTHORIZATION_CODE_TTL_MS = 60_000;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * Who the guide opens for by itself: the members who build the team's apps (owner, administrators).
 * Anyone who starts it from the help menu (started_at set) gets it too.
 */
const buildsApps = (tenant: TenantContext | null) => tenant?.role === 'owner' || tenant?.role === 'admin';

function toState(row: UserOnboardingTable | undefined, tenant: TenantContext | null): OnboardingState {
  const done = new Set((row?.steps ?? '').split(','));
  const action = row?.action === 'skipped' || row?.action === 'finished' ? row.action : null;
  return {
    action,
    steps: OnboardingSteps.filter((s) => done.has(s)),
    due: action === null && tenant !== null && (buildsApps(tenant) || (row?.started_at ?? 0) > 0),
  };
}

/** The new-user guide (spec §4 Guide) and the "open in browser" codes (spec §7 authorizationCode). */
export class OnboardingService {
  constructor(
    private readonly repo: OnboardingRepository,
    private readonly baseUrl: string,
    private readonly now: () => number = Date.now,
  ) {}

  async state(userId: string, tenant: TenantContext | null): Promise<OnboardingState> {
    return toState(await this.repo.find(userId), tenant);
  }

  /**
   * Skipping or finishing closes the guide for good; restart (help menu) runs it again from the
   * first step, where only what the user does from now on counts.
   */
  async save(userId: string, tenant: TenantContext | null, body: OnboardingSaveBody): Promise<OnboardingState> {
    const current = await this.repo.find(userId);
    const row: UserOnboardingTable =
      body.action === 'restart'
        ? { user_id: userId, action: null, steps: '', started_at: this.now(), updated_at: this.now() }
        : {
            user_id: userId,
            action: body.action,
            steps: current?.steps ?? '',
            started_at: current?.started_at ?? 0,
            updated_at: this.now(),
          };
    await this.repo.save(row);
    return toState(row, tenant);
  }

  /**
   * Records a step the web app saw happen, once the team's data shows it done; a step not done yet
   * leaves the progress as it was (the web app asks again after the user's next change).
   */
  async step(userId: string, tenant: TenantContext | null, step: OnboardingStep): Promise<OnboardingState> {
    const current = await this.repo.find(userId);
    const state = toState(current, tenant);
    if (state.steps.includes(step) || !tenant) return state;
    const since = current?.started_at ?? 0;
    if (!(await this.repo.stepDone(tenant.engineCode, tenant.memberId, step, since))) return state;
    const steps = OnboardingSteps.filter((s) => s === step || state.steps.includes(s));
    await this.repo.saveSteps(userId, steps.join(','), since, this.now());
    // Read again: a skip saved meanwhile is part of the answer.
    return toState(await this.repo.find(userId), tenant);
  }

  /** A 60-second single-use code; only its hash is kept. */
  async issueCode(userId: string, redirect: string | undefined): Promise<AuthorizationCode> {
    const target = redirect ?? '/';
    // Only a path of this product, in printable ASCII (the web app sends it encoded): the code must
    // never carry a session to another site.
    if (!/^\/(?![/\\])[!-~]*$/.test(target)) {
      throw new FieldValidationError([{ field: 'redirect', key: 'validate.pattern' }]);
    }
    const code = randomBytes(32).toString('base64url');
    const now = this.now();
    const expiresAt = now + AUTHORIZATION_CODE_TTL_MS;
    await this.repo.insertCode({
      code_hash: hashOf(code),
      user_id: userId,
      redirect: target,
      created_at: now,
      expires_at: expiresAt,
      used_at: null,
    });
    return { code, url: `${this.baseUrl}${AUTHORIZATION_CODE_PATH}?code=${code}`, expiresAt };
  }

  /** The user and landing page of a live code, which is spent by this call; undefined if unknown, spent or expired. */
  async spendCode(code: string): Promise<{ userId: string; redirect: string } | undefined> {
    if (!code || code.length > 128) return undefined;
    const spent = await this.repo.spendCode(hashOf(code), this.now());
    return spent && { userId: spent.user_id, redirect: spent.redirect };
  }
}
