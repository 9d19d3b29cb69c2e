import { type FlowEventPayload, type FlowWebhookEvent, InstanceState } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DEFAULT_TIME_ZONE } from '../records/time-zone.js';
import { SchemaContextRepository } from '../schema-context/repository.js';
import type { FlowActionEvent, FlowNotify } from '../workflow/flow-hooks.js';
import type { HookSource, WebhookService } from './service.js';

/** The webhook events one flow action raises (an approval that ends the flow is two). */
export function flowEventsOf(e: FlowActionEvent): FlowWebhookEvent[] {
  const out: FlowWebhookEvent[] = [];
  if (e.action === 'submit' && e.actedNodeType === 'start') out.push('flow.submitted');
  if (e.action === 'approve') out.push('flow.approved');
  if (e.action === 'reject') out.push('flow.rejected');
  if (e.instance.state === InstanceState.Finished && e.previousState !== InstanceState.Finished)
    out.push('flow.finished');
  return out;
}

/**
 * The table's flow events for its webhooks, through the workflow's notify seam: told inside the
 * action's transaction, so a delivery row exists exactly when the action committed.
 */
export class FlowWebhooks implements Pick<FlowNotify, 'afterAction'> {
  constructor(private readonly hooks: WebhookService) {}

  async afterAction(trx: Kysely<Database>, e: FlowActionEvent): Promise<void> {
    const events = flowEventsOf(e);
    if (!events.length) return;
    const inst = e.instance;
    let table: ReturnType<HookSource['table']> | undefined;
    const source: HookSource = {
      engineCode: inst.engine_code,
      schemaCode: inst.schema_code,
      // Read once, and only when a subscribed hook has a filter.
      table: () => {
        table ??= (async () => {
          const repo = new SchemaContextRepository(trx);
          const schema = await repo.find(inst.engine_code, inst.app_code, inst.schema_code);
          const team = await trx
            .selectFrom('engines')
            .select('time_zone')
            .where('engine_code', '=', inst.engine_code)
            .executeTakeFirst();
          return {
            tableName: schema?.table_name ?? '',
            engineCode: inst.engine_code,
            fields: schema ? await repo.fields(schema.code) : [],
            timeZone: team?.time_zone || DEFAULT_TIME_ZONE,
          };
        })();
        return table;
      },
    };
    const payload: FlowEventPayload = {
      flow: {
        instanceId: inst.id,
        recordId: inst.record_id,
        flowCode: inst.workflow_code,
        flowVersion: Number(inst.workflow_version),
        action: e.action,
        actor: e.actorMemberId,
        node: e.actedItem?.node_name ?? '',
        state: Number(inst.state),
        result: inst.result,
      },
    };
    for (const event of events)
      await this.hooks.enqueue(trx, source, event, [{ recordId: inst.record_id, data: payload }]);
  }
}
