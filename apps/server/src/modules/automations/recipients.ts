import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { roleHolders } from '../apps/role-holders.js';
import { DirectoryRepository } from '../workflow/directory-repository.js';
import { withDescendants } from '../workflow/participants.js';
import type { Scope } from './template.js';
import { lookup } from './template.js';

/** Who a letter or mail step names: members, app roles, departments and a member field of the trigger's record. */
export interface RecipientSpec {
  members?: string[];
  roles?: string[];
  departments?: string[];
  memberField?: string;
}

/**
 * The active members a step's recipients name, each once, in the order named: members first, then
 * the holders of each app role (through the roles' grants, as the app's rights read them), the
 * members of each department and those below it, and the member field's members. Resolved when
 * the step runs, so a member who joined a role or department since the design receives it, and
 * one who left the team receives nothing.
 */
export async function resolveRecipients(
  db: Kysely<Database>,
  engineCode: string,
  appCode: string,
  spec: RecipientSpec,
  scope: Scope,
): Promise<string[]> {
  const named = [...(spec.members ?? [])];
  if (spec.roles?.length) named.push(...(await roleHolders(db, engineCode, appCode, spec.roles)));
  const directory = new DirectoryRepository(db);
  if (spec.departments?.length) {
    const tree = await directory.departments(engineCode, db);
    named.push(...(await directory.membersOfDepartments(engineCode, withDescendants(tree, spec.departments), db)));
  }
  if (spec.memberField) {
    const v = lookup(scope, `trigger.record.data.${spec.memberField}`);
    if (Array.isArray(v)) named.push(...v.filter((x): x is string => typeof x === 'string'));
  }
  const unique = [...new Set(named)];
  const active = await directory.activeMembers(engineCode, unique, db);
  return unique.filter((m) => active.has(m));
}

/** The recipients as designed, for the run history's step input. */
export function targetsOf(spec: RecipientSpec) {
  return {
    members: spec.members ?? [],
    roles: spec.roles ?? [],
    departments: spec.departments ?? [],
    memberField: spec.memberField ?? null,
  };
}
