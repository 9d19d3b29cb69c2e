import type { AutomationStep } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SchemaContext } from '../schema-context/context.js';
import type { StepEnv, StepResult } from './steps.js';
import { fillText } from './template.js';

/** The workflow module's start of a flow for a record, in a caller's transaction (InstanceActions). */
export interface ApprovalStarter {
  startForAutomation(
    trx: Kysely<Database>,
    ctx: SchemaContext,
    recordId: string,
  ): Promise<{ id: string; state: number; record_id: string }>;
}

/**
 * "Start an approval": the table's published flow for the record, started as the acting member (the
 * automation's publisher) through the workflow's own start path, in the step's transaction.
 */
export async function approvalStep(
  starter: ApprovalStarter | undefined,
  step: Extract<AutomationStep, { kind: 'startApproval' }>,
  env: StepEnv,
  table: (schemaCode: string) => Promise<SchemaContext>,
): Promise<StepResult> {
  if (!starter) throw new Error('approvals are not wired');
  const recordId = fillText(step.recordId, env.scope);
  const ctx = await table(step.schemaCode);
  const instance = await starter.startForAutomation(env.trx, ctx, recordId);
  return {
    input: { schemaCode: step.schemaCode, recordId },
    output: { instanceId: instance.id, state: Number(instance.state) },
  };
}
