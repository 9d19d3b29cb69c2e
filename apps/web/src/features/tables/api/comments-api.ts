import { CommentEndpoints, type RecordCommentBody } from '@canopy/contract';
import { call } from '../../../shell/api/client';

type P = { appCode: string; schemaCode: string };
/** Callers show their own errors (inline or as a message). */
const inline = { errors: 'inline' } as const;

/** Query keys of record comments, under the table's key (tableKeys.table) so a table refresh reaches them. */
export const commentKeys = {
  thread: (e: string, a: string, s: string, id: string) => ['tables', e, a, s, 'comments', id] as const,
  counts: (e: string, a: string, s: string) => ['tables', e, a, s, 'comment-counts'] as const,
};

export const commentsApi = {
  thread: (p: P, id: string) => call(CommentEndpoints.list, { params: { ...p, id }, ...inline }),
  create: (p: P, id: string, body: RecordCommentBody) =>
    call(CommentEndpoints.create, { params: { ...p, id }, body, ...inline }),
  update: (p: P, id: string, commentId: string, body: RecordCommentBody) =>
    call(CommentEndpoints.update, { params: { ...p, id, commentId }, body, ...inline }),
  remove: (p: P, id: string, commentId: string) =>
    call(CommentEndpoints.remove, { params: { ...p, id, commentId }, ...inline }),
  follow: (p: P, id: string, following: boolean) =>
    call(CommentEndpoints.follow, { params: { ...p, id }, body: { following }, ...inline }),
  counts: (p: P, ids: string[], signal?: AbortSignal) =>
    call(CommentEndpoints.counts, { params: p, body: { ids }, signal, ...inline }),
};
