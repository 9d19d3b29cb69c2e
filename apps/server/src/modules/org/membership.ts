import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The root department's id is the team's engine code: stable, and known without a lookup. */
export function rootDepartmentId(engineCode: string): string {
  return engineCode;
}

export async function createRootDepartment(
  trx: Kysely<Database>,
  engineCode: string,
  name: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('departments')
    .values({
      object_id: rootDepartmentId(engineCode),
      engine_code: engineCode,
      parent_id: '',
      name,
      manager_member_id: null,
      sort_key: 0,
      created_at: now,
    })
    .execute();
}

/**
 * Adds a user to a team: the membership and its place in the root department (their main one).
 * Callers pass their transaction so the whole join commits or nothing does.
 */
export async function insertMember(
  trx: Kysely<Database>,
  input: { engineCode: string; userId: string; role: 'owner' | 'admin' | 'member'; now: number; memberId?: string },
): Promise<string> {
  const memberId = input.memberId ?? randomUUID();
  await trx
    .insertInto('members')
    .values({
      member_id: memberId,
      engine_code: input.engineCode,
      user_id: input.userId,
      role: input.role,
      state: 'ACTIVE',
      created_at: input.now,
    })
    .execute();
  await trx
    .insertInto('member_departments')
    .values({
      member_id: memberId,
      department_id: rootDepartmentId(input.engineCode),
      engine_code: input.engineCode,
      is_main: 1,
    })
    .execute();
  return memberId;
}
