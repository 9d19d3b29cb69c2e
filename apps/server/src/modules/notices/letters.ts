import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { LiveBus } from '../live/bus.js';
import { addLetters } from './counts.js';
import { type LetterBody, renderLetter } from './templates.js';

export interface LetterInput extends LetterBody {
  engineCode: string;
  memberId: string;
  /** The event the letter was written for (the spec's "notice id by event id"). */
  eventId?: string;
}

/**
 * The one writer of letters. Always called inside the transaction of the event, so a letter exists
 * exactly when its event committed; the members' open tabs hear of it at commit (LiveBus). The
 * stored subject and content are the Chinese rendering; reads render the body in the reader's language.
 */
export class Letters {
  constructor(private readonly live: LiveBus) {}

  async write(trx: Kysely<Database>, letters: LetterInput[], now: number): Promise<void> {
    if (!letters.length) return;
    await trx
      .insertInto('notices')
      .values(
        letters.map((l) => {
          const body: LetterBody = { kind: l.kind, params: l.params, ...(l.link ? { link: l.link } : {}) };
          const zh = renderLetter(body, 'zh');
          return {
            engine_code: l.engineCode,
            member_id: l.memberId,
            subject: zh.subject.slice(0, 255),
            content: zh.content,
            read_status: 0,
            extra_info: JSON.stringify(body),
            event_id: l.eventId ?? null,
            create_time: now,
            kind: l.kind,
          };
        }),
      )
      .execute();
    const perMember = new Map<string, { engineCode: string; n: number }>();
    for (const l of letters) {
      const c = perMember.get(l.memberId) ?? { engineCode: l.engineCode, n: 0 };
      c.n += 1;
      perMember.set(l.memberId, c);
    }
    await addLetters(trx, perMember);
    await this.live.signal(
      trx,
      letters.map((l) => ({ engineCode: l.engineCode, memberId: l.memberId, type: 'letter' as const })),
    );
  }
}
