import { MANAGER_ROLE, MEMBER_ROLE } from '@canopy/contract';
import type { Insertable, Kysely } from 'kysely';
import type { AppRolesTable, Database } from '../../db/schema.js';

type Db = Kysely<Database>;

/** A role row of the app; 管理员 first, 成员 second (their sort keys). */
const roleRow = (engineCode: string, appCode: string, key: string, now: number): Insertable<AppRolesTable> => ({
  app_code: appCode,
  role_key: key,
  engine_code: engineCode,
  name: key === MANAGER_ROLE ? '管理员' : '成员',
  sort_key: key === MANAGER_ROLE ? 0 : 1,
  nodes: null,
  flows: null,
  created_at: now,
});

/** A grant of 成员: to one member by name, or to everyone in the team (target ''). */
const memberGrant = (
  engineCode: string,
  appCode: string,
  kind: 'member' | 'everyone',
  target: string,
  now: number,
) => ({
  app_code: appCode,
  role_key: MEMBER_ROLE,
  engine_code: engineCode,
  kind,
  target,
  created_at: now,
});

/** The fixed 管理员 role's row and the new app's 成员 (granted to no one unless `grantEveryone`). */
export async function insertDefaultRoles(
  trx: Db,
  engineCode: string,
  appCode: string,
  now: number,
  grantEveryone = false,
): Promise<void> {
  await trx
    .insertInto('app_roles')
    .values([MANAGER_ROLE, MEMBER_ROLE].map((key) => roleRow(engineCode, appCode, key, now)))
    .execute();
  if (grantEveryone)
    await trx
      .insertInto('app_role_grants')
      .values(memberGrant(engineCode, appCode, 'everyone', '', now))
      .execute();
}

/** 成员 granted to one member by name (the app members' page adds members this way). */
export async function grantMemberRole(trx: Db, engineCode: string, appCode: string, memberId: string, now: number) {
  // The role may have been deleted in the matrix: adding a member by name brings 成员 back.
  await trx
    .insertInto('app_roles')
    .values(roleRow(engineCode, appCode, MEMBER_ROLE, now))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await trx
    .insertInto('app_role_grants')
    .values(memberGrant(engineCode, appCode, 'member', memberId, now))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** These members leave the app: their manager or owner place and every role granted to them by name. */
export async function removeFromApp(trx: Db, appCode: string, memberIds: string[]): Promise<void> {
  if (!memberIds.length) return;
  await trx.deleteFrom('app_members').where('app_code', '=', appCode).where('member_id', 'in', memberIds).execute();
  await trx
    .deleteFrom('app_role_grants')
    .where('app_code', '=', appCode)
    .where('kind', '=', 'member')
    .where('target', 'in', memberIds)
    .execute();
}
