import type { ParticipantRule } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, DepartmentsTable, FieldsTable } from '../../db/schema.js';
import type { DirectoryRepository } from './directory-repository.js';

/** What participant rules are resolved against: the instance, its record and the originator's choices. */
export interface ParticipantEnv {
  trx: Kysely<Database>;
  engineCode: string;
  appCode: string;
  originator: string;
  nodeId: string;
  /** The record's values by field code, as stored now. */
  record: Record<string, unknown>;
  fields: FieldsTable[];
  /** Members chosen by the submitter per node ("chosen by the originator"). */
  chosen: Record<string, string[]>;
}

/**
 * Who a node's rules name, in order, without repeats, active team members only. This is the one
 * place rules become people: out-of-office delegation can wrap it (see `ResolveParticipants`).
 */
export type ResolveParticipants = (rules: ParticipantRule[], env: ParticipantEnv) => Promise<string[]>;

export class ParticipantResolver {
  constructor(private readonly directory: DirectoryRepository) {}

  readonly resolve: ResolveParticipants = async (rules, env) => {
    const found: string[] = [];
    let tree: DepartmentsTable[] | null = null;
    const departments = async () => {
      tree ??= await this.directory.departments(env.engineCode, env.trx);
      return tree;
    };
    for (const rule of rules) {
      switch (rule.kind) {
        case 'members':
          found.push(...rule.ids);
          break;
        case 'departments':
          found.push(...(await this.inDepartments(env, withDescendants(await departments(), rule.ids))));
          break;
        case 'roles':
          found.push(...(await this.directory.appRoleMembers(env.engineCode, env.appCode, rule.roles, env.trx)));
          break;
        case 'manager': {
          const manager = await this.managerOf(env, await departments(), rule.level);
          if (manager) found.push(manager);
          break;
        }
        case 'field': {
          const field = env.fields.find((f) => f.code === rule.field && f.deleted_at === null);
          const value = env.record[rule.field];
          const ids = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
          if (field?.type === 'member') found.push(...ids);
          else if (field?.type === 'department')
            found.push(...(await this.inDepartments(env, withDescendants(await departments(), ids))));
          break;
        }
        case 'originatorChoice':
          found.push(...(env.chosen[env.nodeId] ?? []));
          break;
        case 'originator':
          found.push(env.originator);
          break;
      }
    }
    const unique = [...new Set(found)];
    const active = await this.directory.activeMembers(env.engineCode, unique, env.trx);
    return unique.filter((m) => active.has(m));
  };

  private inDepartments(env: ParticipantEnv, ids: string[]): Promise<string[]> {
    return this.directory.membersOfDepartments(env.engineCode, ids, env.trx);
  }

  /**
   * The originator's manager `level` steps up from their main department. A member who manages
   * their own department reports to the manager above; a department without a manager yields nobody.
   */
  private async managerOf(env: ParticipantEnv, tree: DepartmentsTable[], level: number): Promise<string | null> {
    const mine = await this.directory.departmentsOfMember(env.engineCode, env.originator, env.trx);
    const mainId = (mine.find((d) => d.is_main === 1) ?? mine[0])?.department_id;
    const byId = new Map(tree.map((d) => [d.object_id, d]));
    let dept = mainId ? byId.get(mainId) : undefined;
    if (dept && dept.manager_member_id === env.originator) dept = byId.get(dept.parent_id);
    for (let step = 1; dept; step += 1) {
      if (step === level) return dept.manager_member_id ?? null;
      dept = byId.get(dept.parent_id);
    }
    return null;
  }
}

/** These departments and every department below them. */
export function withDescendants(tree: DepartmentsTable[], ids: string[]): string[] {
  const out = new Set(ids.filter((id) => tree.some((d) => d.object_id === id)));
  let grew = true;
  while (grew) {
    grew = false;
    for (const d of tree) {
      if (!out.has(d.object_id) && out.has(d.parent_id)) {
        out.add(d.object_id);
        grew = true;
      }
    }
  }
  return [...out];
}

/** These departments and every department above them (for "the originator is in department X or below"). */
export function withAncestors(tree: DepartmentsTable[], ids: string[]): Set<string> {
  const byId = new Map(tree.map((d) => [d.object_id, d]));
  const out = new Set<string>();
  for (const id of ids) {
    let d = byId.get(id);
    while (d && !out.has(d.object_id)) {
      out.add(d.object_id);
      d = byId.get(d.parent_id);
    }
  }
  return out;
}
