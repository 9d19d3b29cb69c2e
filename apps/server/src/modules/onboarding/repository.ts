import type { OnboardingStep } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { AuthorizationCodesTable, Database, UserOnboardingTable } from '../../db/schema.js';

/** Guide progress and "open in browser" codes: the only place these tables are queried. */
export class OnboardingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: string): Promise<UserOnboardingTable | undefined> {
    return this.db.selectFrom('user_onboarding').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async save(row: UserOnboardingTable): Promise<void> {
    await this.db
      .insertInto('user_onboarding')
      .values(row)
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          action: row.action,
          steps: row.steps,
          started_at: row.started_at,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  /**
   * Records steps without touching the action: a step check racing with 跳过引导 must not bring a
   * skipped guide back (the skip's action stands whichever statement lands last).
   */
  async saveSteps(userId: string, steps: string, startedAt: number, now: number): Promise<void> {
    await this.db
      .insertInto('user_onboarding')
      .values({ user_id: userId, action: null, steps, started_at: startedAt, updated_at: now })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ steps, updated_at: now }))
      .execute();
  }

  /**
   * Whether the member has really done one guide step in the team since `since`: each check is one
   * indexed `exists` over the apps the member owns (the guide has them create their own app first).
   */
  async stepDone(engineCode: string, memberId: string, step: OnboardingStep, since: number): Promise<boolean> {
    const ownedApps = this.db
      .selectFrom('app_members')
      .innerJoin('apps', 'apps.code', 'app_members.app_code')
      .select('apps.code')
      .where('app_members.member_id', '=', memberId)
      .where('app_members.role', '=', 'owner')
      .where('apps.engine_code', '=', engineCode)
      .where('apps.state', '=', 'ACTIVE');
    const ownedTables = this.db
      .selectFrom('schemas')
      .innerJoin('function_nodes', 'function_nodes.code', 'schemas.code')
      .select('schemas.code')
      .where('schemas.engine_code', '=', engineCode)
      .where('schemas.app_code', 'in', ownedApps)
      .where('function_nodes.deleted_at', 'is', null);
    const found = (() => {
      switch (step) {
        case 'app':
          return ownedApps.where('apps.created_at', '>=', since).limit(1);
        case 'table':
          return ownedTables.where('schemas.created_at', '>=', since).limit(1);
        case 'fields':
          return this.db
            .selectFrom('fields')
            .select('schema_code')
            .where('engine_code', '=', engineCode)
            .where('schema_code', 'in', ownedTables)
            .where('deleted_at', 'is', null)
            .where('created_at', '>=', since)
            .groupBy('schema_code')
            .having((eb) => eb.fn.countAll(), '>=', 2)
            .limit(1);
        case 'record':
          return this.db
            .selectFrom('record_history')
            .select('record_id')
            .where('schema_code', 'in', ownedTables)
            .where('engine_code', '=', engineCode)
            .where('member_id', '=', memberId)
            .where('action', '=', 'create')
            .where('created_at', '>=', since)
            .limit(1);
        case 'flow':
          return this.db
            .selectFrom('workflows')
            .select('code')
            .where('engine_code', '=', engineCode)
            .where('app_code', 'in', ownedApps)
            .where('draft_updated_at', '>=', since)
            .limit(1);
      }
    })();
    return (await found.executeTakeFirst()) !== undefined;
  }

  async insertCode(row: AuthorizationCodesTable): Promise<void> {
    // Spent and expired codes of anyone go as new ones are made, so the table stays small.
    await this.db.deleteFrom('authorization_codes').where('expires_at', '<', row.created_at).execute();
    await this.db.insertInto('authorization_codes').values(row).execute();
  }

  /** Spends a live code in one statement, so two browsers racing with one code cannot both win. */
  async spendCode(codeHash: string, now: number): Promise<{ user_id: string; redirect: string } | undefined> {
    const spent = await this.db
      .updateTable('authorization_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return undefined;
    return this.db
      .selectFrom('authorization_codes')
      .select(['user_id', 'redirect'])
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
  }
}
