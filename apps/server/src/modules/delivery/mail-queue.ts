import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Delivery, OutgoingMessage } from './delivery.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queued mail (tests drain it at once instead of waiting for the interval). */
    mailQueue: MailQueue;
  }
}

const MAX_ATTEMPTS = 3;
const BATCH = 20;

/**
 * Mail that belongs to a change is queued in the change's transaction (so a rolled-back change
 * sends nothing) and sent afterwards by `drain`, a job-queue schedule (every 2 s, once per cluster: app.ts).
 * A row is taken by deleting it (exactly one process gets it); a failed send puts it back until
 * its third attempt.
 */
export class MailQueue {
  private draining = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly delivery: Delivery,
    private readonly log: { error: (o: object, m: string) => void },
  ) {}

  async enqueue(trx: Kysely<Database>, messages: OutgoingMessage[], now: number): Promise<void> {
    if (!messages.length) return;
    await trx
      .insertInto('mail_queue')
      .values(
        messages.map((m) => ({
          id: randomUUID(),
          target: m.to,
          subject: m.subject.slice(0, 255),
          body: m.text,
          attempts: 0,
          created_at: now,
        })),
      )
      .execute();
  }

  /** Sends what is pending; answers how many went out. */
  async drain(): Promise<number> {
    if (this.draining) return 0;
    this.draining = true;
    let sent = 0;
    try {
      const rows = await this.db.selectFrom('mail_queue').selectAll().orderBy('created_at').limit(BATCH).execute();
      for (const row of rows) {
        const taken = await this.db.deleteFrom('mail_queue').where('id', '=', row.id).executeTakeFirst();
        if (Number(taken.numDeletedRows) !== 1) continue;
        try {
          await this.delivery.sendMail({ to: row.target, subject: row.subject, text: row.body });
          sent += 1;
        } catch (err) {
          this.log.error({ err, to: row.target }, 'queued mail failed');
          if (row.attempts + 1 < MAX_ATTEMPTS)
            await this.db
              .insertInto('mail_queue')
              .values({ ...row, attempts: row.attempts + 1 })
              .execute();
        }
      }
    } finally {
      this.draining = false;
    }
    return sent;
  }
}
