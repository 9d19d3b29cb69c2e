import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface AuditEntry {
  engineCode: string;
  actorMemberId: string;
  action: string;
  targetType: string;
  targetId: string;
  detail?: Record<string, unknown>;
}

/**
 * A write that matters records who did what inside the same transaction as the change, so the
 * application log never misses or invents an entry.
 */
export async function recordAudit(trx: Kysely<Database>, entry: AuditEntry, now: number): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      engine_code: entry.engineCode,
      actor_member_id: entry.actorMemberId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      detail: JSON.stringify(entry.detail ?? {}),
      created_at: now,
    })
    .execute();
}

/** An outgoing domain event, committed with the change that caused it (transactional outbox). */
export async function emitEvent(
  trx: Kysely<Database>,
  event: { engineCode: string; type: string; payload: Record<string, unknown> },
  now: number,
): Promise<void> {
  await trx
    .insertInto('outbox_events')
    .values({
      engine_code: event.engineCode,
      type: event.type,
      payload: JSON.stringify(event.payload),
      created_at: now,
      processed_at: null,
    })
    .execute();
}
