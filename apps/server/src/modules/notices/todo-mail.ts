import { formatMessage, type Language, toLanguage } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MailQueue } from '../delivery/mail-queue.js';
import type { TodoMail } from './flow-letters.js';
import { renderLetter } from './templates.js';

/** Letter content as plain text for mail: the link becomes its full address. */
function plain(content: string, baseUrl: string): string {
  return content
    .replace(
      /<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g,
      (_, href: string, label: string) => `${label}: ${baseUrl}${href.replaceAll('&amp;', '&')}`,
    )
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * New to-dos by mail, to members whose account has an email and has not turned the mail off
 * (account settings), in their language; queued in the action's transaction.
 */
export function todoMail(queue: MailQueue, baseUrl: string): TodoMail {
  return async (trx, instance, letters) => {
    if (!letters.length) return;
    const rows = await trx
      .selectFrom('members')
      .innerJoin('users', 'users.id', 'members.user_id')
      .select(['members.member_id', 'users.email', 'users.language'])
      .where('members.engine_code', '=', instance.engine_code)
      .where('members.member_id', 'in', [...new Set(letters.map((l) => l.memberId))])
      .where('users.todo_mail', '=', 1)
      .where('users.email', 'is not', null)
      .execute();
    const byMember = new Map(rows.map((r) => [r.member_id, r]));
    const messages = letters.flatMap((l) => {
      const to = byMember.get(l.memberId);
      if (!to?.email) return [];
      const lang: Language = toLanguage(to.language ?? undefined);
      const text = renderLetter(l, lang);
      return [
        {
          to: to.email,
          subject: text.subject,
          text: `${plain(text.content, baseUrl)}\n\n${formatMessage('notice.mailFooter', lang, {})}`,
        },
      ];
    });
    await queue.enqueue(trx as Kysely<Database>, messages, Date.now());
  };
}
