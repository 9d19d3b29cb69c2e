import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Letters } from './letters.js';

export interface TransferDone {
  kind: 'import' | 'export';
  engineCode: string;
  appCode: string;
  schemaCode: string;
  memberId: string;
  /** The job (import) or a fresh id (export): the letter's event. */
  eventId: string;
  params: Record<string, string>;
}

/** The letter to the member whose import or export just ended, linking to the table. */
export class TransferLetters {
  constructor(private readonly letters: Letters) {}

  async finished(trx: Kysely<Database>, done: TransferDone, now: number): Promise<void> {
    const node = await trx
      .selectFrom('function_nodes')
      .select('display_name')
      .where('engine_code', '=', done.engineCode)
      .where('code', '=', done.schemaCode)
      .executeTakeFirst();
    const href = `/app/${encodeURIComponent(done.appCode)}/${encodeURIComponent(done.schemaCode)}`;
    await this.letters.write(
      trx,
      [
        {
          engineCode: done.engineCode,
          memberId: done.memberId,
          kind: done.kind,
          params: { table: node?.display_name ?? '', ...done.params },
          link: {
            href,
            target: '_self',
            payload: { type: 'table', appCode: done.appCode, schemaCode: done.schemaCode },
            label: 'view',
          },
          eventId: done.eventId,
        },
      ],
      now,
    );
  }
}
