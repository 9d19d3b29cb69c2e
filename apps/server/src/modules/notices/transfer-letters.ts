import type { LetterKind } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Letters } from './letters.js';

/** A letter to one member about one data table (`{table}` is filled with its name), linking to it. */
export interface TableLetter {
  kind: LetterKind;
  engineCode: string;
  appCode: string;
  schemaCode: string;
  memberId: string;
  /** What the letter was written for (an import job, a fresh id for an export, a paused webhook). */
  eventId: string;
  params: Record<string, string>;
}

export interface TransferDone extends TableLetter {
  kind: 'import' | 'export';
}

/** Writes a table's letter in the caller's transaction (imports and exports ended, a webhook paused). */
export async function writeTableLetter(letters: Letters, trx: Kysely<Database>, l: TableLetter, now: number) {
  const node = await trx
    .selectFrom('function_nodes')
    .select('display_name')
    .where('engine_code', '=', l.engineCode)
    .where('code', '=', l.schemaCode)
    .executeTakeFirst();
  const href = `/app/${encodeURIComponent(l.appCode)}/${encodeURIComponent(l.schemaCode)}`;
  await letters.write(
    trx,
    [
      {
        engineCode: l.engineCode,
        memberId: l.memberId,
        kind: l.kind,
        params: { table: node?.display_name ?? '', ...l.params },
        link: {
          href,
          target: '_self',
          payload: { type: 'table', appCode: l.appCode, schemaCode: l.schemaCode },
          label: 'view',
        },
        eventId: l.eventId,
      },
    ],
    now,
  );
}

/** The letter to the member whose import or export just ended, linking to the table. */
export class TransferLetters {
  constructor(private readonly letters: Letters) {}

  finished(trx: Kysely<Database>, done: TransferDone, now: number): Promise<void> {
    return writeTableLetter(this.letters, trx, done, now);
  }
}
