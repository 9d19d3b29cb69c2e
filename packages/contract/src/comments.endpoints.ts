import Type from 'typebox';
import {
  CommentCounts,
  CommentCountsBody,
  CommentParams,
  CommentSaved,
  CommentThread,
  FollowBody,
  FollowState,
  RecordCommentBody,
} from './comments.js';
import { schemaPath, sessionEndpoints } from './endpoint.js';
import { RecordParams, SchemaParams } from './schemas.js';

const commentEndpoint = sessionEndpoints('comments');
const thread = `${schemaPath}/records/:id/comments`;

/** A record's comments, its followers and the grid's counts (issue 31), within the member's row rule. */
export const CommentEndpoints = {
  list: commentEndpoint(
    'GET',
    thread,
    "A record's comments, oldest first, and whether the asker follows it",
    CommentThread,
    {
      params: RecordParams,
    },
  ),
  create: commentEndpoint('POST', thread, 'Comment on a record; mentioned members get a letter', CommentSaved, {
    params: RecordParams,
    body: RecordCommentBody,
  }),
  update: commentEndpoint('PATCH', `${thread}/:commentId`, 'Edit one of my comments', CommentSaved, {
    params: CommentParams,
    body: RecordCommentBody,
  }),
  remove: commentEndpoint(
    'DELETE',
    `${thread}/:commentId`,
    "Delete my comment (the table's managers: anyone's)",
    Type.Boolean(),
    { params: CommentParams },
  ),
  follow: commentEndpoint('PUT', `${schemaPath}/records/:id/follow`, 'Follow or unfollow a record', FollowState, {
    params: RecordParams,
    body: FollowBody,
  }),
  counts: commentEndpoint(
    'POST',
    `${schemaPath}/records/comment-counts`,
    'Comments per record for a page of records (one grouped query)',
    CommentCounts,
    { params: SchemaParams, body: CommentCountsBody },
  ),
} as const;
