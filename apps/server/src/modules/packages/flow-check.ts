import { MANAGER_ROLE, MEMBER_ROLE, type ServerMessageKey, WorkflowDefinition } from '@canopy/contract';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { AppError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { roleKeysOf } from '../apps/role-holders.js';
import { WorkflowContexts } from '../workflow/contexts.js';
import { structuralProblem } from '../workflow/definition.js';
import { publishProblems } from '../workflow/publish-check.js';
import type { InstallScope } from './parts.js';
import { PackageRefused } from './zip-read.js';

let validator: ValidateFunction | undefined;
/** The designer's body validation of a definition (app.ts validatorCompiler's, on a copy: defaults filled in). */
function schemaProblem(definition: unknown): string | null {
  validator ??= addFormats(new Ajv({ allErrors: false, useDefaults: true, strict: false })).compile(WorkflowDefinition);
  if (validator(structuredClone(definition))) return null;
  const e = validator.errors?.[0];
  return `${e?.instancePath || '/'} ${e?.message ?? 'is not valid'}`;
}

const refuse = (flow: string, key: ServerMessageKey, params: Record<string, string | number> = {}) =>
  new PackageRefused('package.flowInvalid', { flow }, { key, params });

/**
 * A package's flow is written as the designer would write it (issue 36): a draft passes the save's
 * checks (the definition's shape, one start node, no link to nothing, no cycle), a published
 * definition passes the publish checks too, against the tables as the install or upgrade has just
 * written them in its transaction. A flow the engine could not run (a cycle of automatic nodes would
 * recurse until the stack overflows) never reaches it; the package is refused naming the flow and
 * its first problem.
 */
export async function checkPackagedFlow(
  s: InstallScope,
  flow: { schemaCode: string; name: string; draft: string; published: string },
): Promise<void> {
  const name = flow.name || flow.schemaCode;
  const definitionOf = (text: string) => {
    let definition: unknown;
    try {
      definition = JSON.parse(text);
    } catch {
      throw refuse(name, 'workflow.draft.invalid', { detail: 'JSON' });
    }
    const shape = schemaProblem(definition);
    if (shape) throw refuse(name, 'workflow.draft.invalid', { detail: shape });
    const structural = structuralProblem(definition as WorkflowDefinition);
    if (structural) throw refuse(name, 'workflow.draft.invalid', { detail: structural });
    return definition as WorkflowDefinition;
  };
  if (flow.draft) definitionOf(flow.draft);
  if (!flow.published) return;
  const definition = definitionOf(flow.published);
  const tenant: TenantContext = {
    engineCode: s.engineCode,
    corpId: '',
    memberId: s.memberId,
    role: 'member',
    engineShard: '',
  };
  const contexts = new WorkflowContexts(s.trx);
  const table = async (code: string) => {
    try {
      return await contexts.forEngine(tenant, s.appCode, code, s.trx);
    } catch (e) {
      if (e instanceof AppError) return null;
      throw e;
    }
  };
  const ctx = await table(flow.schemaCode);
  if (!ctx) throw new PackageRefused('package.invalid', { reason: 'workflows.schemaCode' });
  // A package from before roles brings none: the install gives the app 管理员 and 成员 after its parts.
  const roles = await roleKeysOf(s.trx, s.appCode);
  const [problem] = await publishProblems(
    definition,
    ctx,
    table,
    roles.size ? roles : new Set([MANAGER_ROLE, MEMBER_ROLE]),
  );
  if (problem) throw refuse(name, problem.key, problem.params);
}
