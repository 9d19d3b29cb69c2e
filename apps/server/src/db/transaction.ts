import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * PostgreSQL chose this transaction as a deadlock's victim: two writers took rows of the same kept
 * counts (todo_counts, letter_counts) of the same two members in opposite orders — two flow actions,
 * or a record or app deletion ending its flows beside an action. It was rolled back whole, so
 * running it again is safe.
 */
export const deadlockVictim = (e: unknown) => (e as { code?: string } | null)?.code === '40P01';

/** How many times a deadlock's victim runs again before its error is the caller's. */
const DEADLOCK_RETRIES = 5;

/**
 * Runs `work` as one transaction; a deadlock's victim (rolled back whole) runs again from the start,
 * and so does any error `retryAlso` accepts for that attempt (the flow actions: the instance changed
 * under them). `work` must write only through its transaction: everything else it does runs again.
 */
export async function retriedTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Kysely<Database>) => Promise<T>,
  retryAlso: (e: unknown, attempt: number) => boolean = () => false,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (e) {
      if (deadlockVictim(e) && attempt < DEADLOCK_RETRIES) continue;
      if (retryAlso(e, attempt)) continue;
      throw e;
    }
  }
}
