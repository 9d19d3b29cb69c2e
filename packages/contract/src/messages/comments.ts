import type { Language } from '../i18n.js';

/** Server messages of record comments (issue 31). */
export const CommentMessages = {
  'comment.notFound': { zh: '评论已被删除', en: 'The comment was deleted', jp: 'コメントは削除されました' },
  'comment.notYours': {
    zh: '只能编辑自己的评论',
    en: 'You can only edit your own comments',
    jp: '自分のコメントのみ編集できます',
  },
  'comment.deleteDenied': {
    zh: '只能删除自己的评论',
    en: 'You can only delete your own comments',
    jp: '自分のコメントのみ削除できます',
  },
  'comment.empty': { zh: '评论内容不能为空', en: 'Write something first', jp: 'コメントを入力してください' },
  'comment.mentionUnknown': {
    zh: '提到的成员不在本团队',
    en: 'A mentioned member is not in this team',
    jp: 'メンションしたメンバーはこのチームにいません',
  },
} as const satisfies Record<string, Record<Language, string>>;
