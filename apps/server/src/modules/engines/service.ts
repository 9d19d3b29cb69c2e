import { randomUUID } from 'node:crypto';
import {
  type CorpInfo,
  type CreatedTeam,
  checkTeamName,
  EngineState,
  EntryType,
  ErrorCode,
  FeatureCode,
  TEAM_PURGE_DELAY_MS,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { AppError, Errors, FieldValidationError } from '../../http/app-error.js';
import { recordAudit } from '../audit/record.js';
import { createRootDepartment, insertMember } from '../org/membership.js';
import { isTimeZone } from '../records/time-zone.js';
import type { EngineRepository } from './repository.js';

export const DEFAULT_SHARD = 'default';
/** A new team can install apps from the template centre and from uploaded packages. */
export const DEFAULT_FEATURES = [FeatureCode.templateCenterForAppInstall, FeatureCode.templateInstallByUpload];

export class EngineService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engines: EngineRepository,
    private readonly now: () => number = Date.now,
  ) {}

  /** Creates a team with its owner membership and makes it the creator's active team, in one transaction. */
  async createTeam(user: UsersTable, rawName: string): Promise<CreatedTeam> {
    const problem = checkTeamName(rawName);
    if (problem) throw new FieldValidationError([{ field: 'corpName', key: problem }]);
    const now = this.now();
    const team = { engineCode: randomUUID(), corpId: randomUUID(), memberId: randomUUID(), engineShard: DEFAULT_SHARD };
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('engines')
        .values({
          engine_code: team.engineCode,
          corp_id: team.corpId,
          corp_name: rawName.trim(),
          state: EngineState.active,
          entry_type: EntryType.web,
          engine_shard: team.engineShard,
          owner_user_id: user.id,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await createRootDepartment(trx, team.engineCode, rawName.trim(), now);
      await insertMember(trx, {
        engineCode: team.engineCode,
        userId: user.id,
        role: 'owner',
        now,
        memberId: team.memberId,
      });
      await trx
        .insertInto('engine_features')
        .values(DEFAULT_FEATURES.map((feature_code) => ({ engine_code: team.engineCode, feature_code })))
        .execute();
      await trx
        .updateTable('users')
        .set({ active_engine_code: team.engineCode, updated_at: now })
        .where('id', '=', user.id)
        .execute();
    });
    return team;
  }

  /** Switches the active team; only to a team the user belongs to. */
  async activate(user: UsersTable, engineCode: string): Promise<void> {
    const membership = await this.engines.findMembershipByEngine(user.id, engineCode);
    if (!membership) throw Errors.tenantMismatch();
    if (membership.state === EngineState.closed) throw Errors.teamClosed();
    await this.engines.setActiveEngine(user.id, engineCode, this.now());
  }

  private async membershipOfCorp(user: UsersTable, corpId: string) {
    const membership = await this.engines.findMembershipByCorp(user.id, corpId);
    // Outsiders learn nothing, not even whether the team exists.
    if (!membership) throw new AppError(404, ErrorCode.notFound, 'team.notFound');
    if (membership.state === EngineState.closed) throw Errors.teamClosed();
    return membership;
  }

  async corpInfo(user: UsersTable, corpId: string): Promise<CorpInfo> {
    const membership = await this.membershipOfCorp(user, corpId);
    const row = await this.engines.corpInfo(membership.engine_code);
    if (!row) throw new AppError(404, ErrorCode.notFound, 'team.notFound');
    return {
      corpId: row.corp_id,
      corpName: row.corp_name,
      engineCode: row.engine_code,
      state: row.state,
      entryType: row.entry_type,
      ownerName: row.owner_name,
      memberCount: Number(row.member_count ?? 0),
      createdAt: row.created_at,
      timeZone: row.time_zone,
    };
  }

  /** The team's time zone, an IANA name the runtime knows. Owner or admin only. */
  async setTimeZone(user: UsersTable, corpId: string, timeZone: string): Promise<boolean> {
    const membership = await this.membershipOfCorp(user, corpId);
    if (membership.role !== 'owner' && membership.role !== 'admin') {
      throw new AppError(403, ErrorCode.forbidden, 'team.timeZoneForbidden');
    }
    if (!isTimeZone(timeZone)) throw new FieldValidationError([{ field: 'timeZone', key: 'team.timeZoneInvalid' }]);
    await this.engines.setTimeZone(membership.engine_code, timeZone, this.now());
    return true;
  }

  /** Spec §5 team-name rules; an unchanged name writes nothing. Owner or admin only. */
  async rename(user: UsersTable, corpId: string, rawName: string): Promise<boolean> {
    const membership = await this.membershipOfCorp(user, corpId);
    if (membership.role !== 'owner' && membership.role !== 'admin') {
      throw new AppError(403, ErrorCode.forbidden, 'team.renameForbidden');
    }
    if (await this.engines.hasFeature(membership.engine_code, FeatureCode.forbiddenTeamName)) {
      throw new AppError(403, ErrorCode.forbidden, 'team.renameForbidden');
    }
    const problem = checkTeamName(rawName);
    if (problem) throw new FieldValidationError([{ field: 'corpName', key: problem }]);
    const name = rawName.trim();
    if (name !== membership.corp_name) await this.engines.renameEngine(membership.engine_code, name, this.now());
    return true;
  }

  /** Leaving removes the membership; an owner must hand the team over first. */
  async leave(user: UsersTable, engineCode: string): Promise<void> {
    const membership = await this.engines.findMembershipByEngine(user.id, engineCode);
    if (!membership) throw new AppError(404, ErrorCode.notFound, 'team.notFound');
    if (membership.state === EngineState.closed) throw Errors.teamClosed();
    if (membership.role === 'owner') throw new AppError(400, ErrorCode.conflict, 'team.ownerMustTransfer');
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('members').where('member_id', '=', membership.member_id).execute();
      await trx
        .updateTable('users')
        .set({ active_engine_code: null, updated_at: this.now() })
        .where('id', '=', user.id)
        .where('active_engine_code', '=', engineCode)
        .execute();
    });
  }

  private async ownedTeam(user: UsersTable, engineCode: string) {
    const membership = await this.engines.findMembershipByEngine(user.id, engineCode);
    if (!membership) throw new AppError(404, ErrorCode.notFound, 'team.notFound');
    if (membership.role !== 'owner') throw new AppError(403, ErrorCode.forbidden, 'team.deleteOwnerOnly');
    return membership;
  }

  /**
   * Deleting a team (DESIGN.md): the owner types its name; it closes at once for every member and
   * is purged by the hourly maintenance after 7 days unless restored. Answers the purge time.
   */
  async close(user: UsersTable, engineCode: string, typedName: string): Promise<number> {
    const team = await this.ownedTeam(user, engineCode);
    if (team.state === EngineState.closed) throw Errors.teamClosed();
    if (typedName.trim() !== team.corp_name) {
      throw new FieldValidationError([{ field: 'corpName', key: 'team.deleteNameMismatch' }]);
    }
    const now = this.now();
    const purgeAt = now + TEAM_PURGE_DELAY_MS;
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('engines')
        .set({ state: EngineState.closed, closed_at: now, purge_at: purgeAt, updated_at: now })
        .where('engine_code', '=', engineCode)
        .where('state', '!=', EngineState.closed)
        .execute();
      await recordAudit(
        trx,
        {
          engineCode,
          actorMemberId: team.member_id,
          action: 'team.close',
          targetType: 'team',
          targetId: engineCode,
          detail: { name: team.corp_name, purgeAt },
        },
        now,
      );
    });
    return purgeAt;
  }

  /** Reopens a closed team while its purge time has not come. */
  async restore(user: UsersTable, engineCode: string): Promise<void> {
    const team = await this.ownedTeam(user, engineCode);
    if (team.state !== EngineState.closed) throw new AppError(409, ErrorCode.conflict, 'team.notClosed');
    const now = this.now();
    if ((team.purge_at ?? 0) <= now) throw new AppError(410, ErrorCode.conflict, 'team.restoreExpired');
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('engines')
        .set({ state: EngineState.active, closed_at: null, purge_at: null, updated_at: now })
        .where('engine_code', '=', engineCode)
        .where('state', '=', EngineState.closed)
        .execute();
      await recordAudit(
        trx,
        {
          engineCode,
          actorMemberId: team.member_id,
          action: 'team.restore',
          targetType: 'team',
          targetId: engineCode,
        },
        now,
      );
    });
  }
}
