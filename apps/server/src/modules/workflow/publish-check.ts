import {
  type FieldRules,
  FLOW_OWNER_ROLE,
  type ParticipantRule,
  type WorkflowDefinition,
  type WorkflowNode,
} from '@canopy/contract';
import type { FieldsTable } from '../../db/schema.js';
import { AppError, type FieldProblem } from '../../http/app-error.js';
import { validateFilter } from '../records/query.js';
import { settingsOf } from '../records/validation.js';
import type { SchemaContext } from '../schema-context/context.js';
import { deadlineProblems } from './deadline-check.js';
import { FlowGraph, structuralProblem } from './definition.js';

/** Other tables of the app, for "create a record in another table" nodes. */
export type TableLookup = (schemaCode: string) => Promise<SchemaContext | null>;

const live = (fields: FieldsTable[], code: string) => fields.find((f) => f.code === code && f.deleted_at === null);

function ruleProblems(node: WorkflowNode, rules: FieldRules, fields: FieldsTable[]): FieldProblem[] {
  const out: FieldProblem[] = [];
  for (const key of Object.keys(rules)) {
    const [code = '', column] = key.split('.');
    const f = live(fields, code);
    const ok =
      f &&
      (column === undefined ||
        (f.type === 'subTable' &&
          ((settingsOf(f) as { fields?: { code: string }[] }).fields ?? []).some((c) => c.code === column)));
    if (!ok) out.push(problem(node, 'workflow.check.deletedField', { field: key }));
  }
  return out;
}

/** Role keys a flow may name: the app's roles (管理员 and 成员 among them) and its owner. */
const knownRole = (roles: ReadonlySet<string>, key: string) => key === FLOW_OWNER_ROLE || roles.has(key);

function participantProblems(
  node: WorkflowNode,
  rules: ParticipantRule[],
  fields: FieldsTable[],
  roles: ReadonlySet<string>,
): FieldProblem[] {
  if (!rules.length) return [problem(node, 'workflow.check.noApprover')];
  const out: FieldProblem[] = [];
  for (const r of rules) {
    if (r.kind === 'members' || r.kind === 'departments') {
      if (!r.ids.length) out.push(problem(node, 'workflow.check.noApprover'));
    } else if (r.kind === 'roles') {
      if (!r.roles.length) out.push(problem(node, 'workflow.check.noApprover'));
      else if (!r.roles.every((key) => knownRole(roles, key))) out.push(problem(node, 'workflow.check.deletedRole'));
    } else if (r.kind === 'field') {
      const f = live(fields, r.field);
      if (!f || (f.type !== 'member' && f.type !== 'department'))
        out.push(problem(node, 'workflow.check.deletedField', { field: r.field }));
    }
  }
  return out;
}

function problem(node: WorkflowNode, key: FieldProblem['key'], params: Record<string, string> = {}): FieldProblem {
  return { field: node.id, key, params: { node: node.name || node.id, ...params } };
}

/**
 * Everything that must hold before a draft is published, each problem naming its node (the
 * designer highlights it): one start node, every node reachable, conditions that can be decided
 * (each branch has a condition unless it is the else branch), someone to act at every task and copy
 * node, deadlines that fit together, and no field rule, condition or automatic step naming a deleted field.
 */
export async function publishProblems(
  definition: WorkflowDefinition,
  ctx: SchemaContext,
  table: TableLookup,
  /** The keys of the app's roles now (a participant or branch naming another is refused). */
  roles: ReadonlySet<string>,
): Promise<FieldProblem[]> {
  const structural = structuralProblem(definition);
  if (structural)
    throw new AppError(
      400,
      'rule.submit.validate.failed',
      'workflow.draft.invalid',
      { detail: structural },
      'VALIDATION',
    );
  const graph = new FlowGraph(definition);
  const fields = ctx.fields;
  const out: FieldProblem[] = [];
  for (const node of definition.nodes) {
    if (!graph.scopes.has(node.id)) {
      out.push(problem(node, 'workflow.check.unreachable'));
      continue;
    }
    switch (node.type) {
      case 'start':
        out.push(...ruleProblems(node, node.settings.fieldRules, fields));
        break;
      case 'approve':
      case 'fill':
        out.push(...participantProblems(node, node.settings.participants, fields, roles));
        out.push(...ruleProblems(node, node.settings.fieldRules, fields));
        if (node.settings.mode === 'percent' && !node.settings.percent)
          out.push(problem(node, 'workflow.check.percent'));
        out.push(...deadlineProblems(node));
        if (node.settings.deadline?.transferTo?.length)
          out.push(...participantProblems(node, node.settings.deadline.transferTo, fields, roles));
        break;
      case 'cc':
        out.push(...participantProblems(node, node.settings.participants, fields, roles));
        out.push(...ruleProblems(node, node.settings.fieldRules, fields));
        break;
      case 'parallel':
        if (node.settings.branches.length < 2) out.push(problem(node, 'workflow.check.branches'));
        break;
      case 'condition': {
        const branches = node.settings.branches;
        const elses = branches.filter((b) => b.isElse).length;
        if (branches.length < 2 || elses > 1) out.push(problem(node, 'workflow.check.branches'));
        for (const b of branches.filter((x) => !x.isElse)) {
          const hasFilter = Boolean(b.filter?.conditions.length);
          const hasOriginator = Boolean(b.originator?.departments?.length || b.originator?.roles?.length);
          if (!hasFilter && !hasOriginator) {
            out.push(problem(node, 'workflow.check.noCondition', { branch: b.name || b.id }));
            continue;
          }
          if (!(b.originator?.roles ?? []).every((key) => knownRole(roles, key)))
            out.push(problem(node, 'workflow.check.deletedRole'));
          if (b.filter && hasFilter) {
            try {
              validateFilter(ctx, b.filter);
            } catch (e) {
              const detail = e instanceof AppError ? String(e.params.detail ?? '') : '';
              out.push(problem(node, 'workflow.check.condition', { branch: b.name || b.id, detail }));
            }
          }
        }
        break;
      }
      case 'action':
        for (const op of node.settings.operations) {
          if (op.kind === 'notify') {
            out.push(...participantProblems(node, op.participants, fields, roles));
            continue;
          }
          const target = op.kind === 'createRecord' ? await table(op.schemaCode) : ctx;
          if (!target || target.schema.app_code !== ctx.schema.app_code) {
            out.push(problem(node, 'workflow.check.target'));
            continue;
          }
          for (const a of op.values) {
            if (!live(target.fields, a.field))
              out.push(problem(node, 'workflow.check.deletedField', { field: a.field }));
            if (a.fromField !== undefined && !live(fields, a.fromField))
              out.push(problem(node, 'workflow.check.deletedField', { field: a.fromField }));
          }
        }
        break;
    }
  }
  return out;
}
