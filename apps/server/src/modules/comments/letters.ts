import type { Kysely } from 'kysely';
import type { Database, RecordCommentsTable } from '../../db/schema.js';
import type { LetterInput } from '../notices/letters.js';
import type { SchemaContext } from '../schema-context/context.js';
import { commentExcerpt } from './render.js';

/** Where a comment's letter leads: the table with the record's detail open at the comment. */
export function commentHref(appCode: string, schemaCode: string, recordId: string, commentId: string): string {
  const q = new URLSearchParams({ record: recordId, comment: commentId });
  return `/app/${encodeURIComponent(appCode)}/${encodeURIComponent(schemaCode)}?${q}`;
}

/**
 * The letters of one comment: `recordMention` to the mentioned, `recordComment` to the followers
 * (each member at most one; the caller has kept only those who can see the record).
 */
export async function commentLetters(
  trx: Kysely<Database>,
  ctx: SchemaContext,
  c: RecordCommentsTable,
  to: { mentioned: string[]; followers: string[] },
): Promise<LetterInput[]> {
  if (!to.mentioned.length && !to.followers.length) return [];
  const node = await trx
    .selectFrom('function_nodes')
    .select('display_name')
    .where('engine_code', '=', c.engine_code)
    .where('code', '=', c.schema_code)
    .executeTakeFirst();
  const author = await trx
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select('users.user_name')
    .where('members.member_id', '=', c.author_member_id)
    .executeTakeFirst();
  const params = {
    actor: author?.user_name ?? '',
    table: node?.display_name ?? ctx.schema.code,
    comment: commentExcerpt(c.body),
  };
  const link = {
    href: commentHref(c.app_code, c.schema_code, c.record_id, c.id),
    target: '_self' as const,
    payload: {
      type: 'record',
      appCode: c.app_code,
      schemaCode: c.schema_code,
      recordId: c.record_id,
      commentId: c.id,
    },
    label: 'view' as const,
  };
  const letter = (memberId: string, kind: 'recordMention' | 'recordComment'): LetterInput => ({
    engineCode: c.engine_code,
    memberId,
    kind,
    params,
    link,
    eventId: c.id,
  });
  return [
    ...to.mentioned.map((m) => letter(m, 'recordMention')),
    ...to.followers.map((m) => letter(m, 'recordComment')),
  ];
}
