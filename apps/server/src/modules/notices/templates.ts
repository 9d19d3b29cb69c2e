import { isSameOriginPath, type Language, type LetterKind } from '@canopy/contract';

type Texts = Record<Language, string>;

/**
 * Subject and sentence per kind; `{name}` is filled from the letter's params (escaped). `bare` is
 * the sentence when the letter has no `comment` (the comment ends the sentence otherwise).
 */
const templates: Record<LetterKind, { subject: Texts; text: Texts; bare?: Texts }> = {
  todo: {
    subject: { zh: '新的待办：{flow}', en: 'New to-do: {flow}', jp: '新しいToDo：{flow}' },
    text: {
      zh: '{originator}发起的「{flow}」到达「{node}」，等待你处理。',
      en: '"{flow}" started by {originator} has reached "{node}" and waits for you.',
      jp: '{originator}が申請した「{flow}」が「{node}」に届き、あなたの処理を待っています。',
    },
  },
  transferred: {
    subject: { zh: '转交给你的待办：{flow}', en: 'To-do handed to you: {flow}', jp: '引き継がれたToDo：{flow}' },
    text: {
      zh: '{actor}把「{flow}」的「{node}」转交给你处理。',
      en: '{actor} handed "{node}" of "{flow}" over to you.',
      jp: '{actor}が「{flow}」の「{node}」をあなたに引き継ぎました。',
    },
  },
  delegated: {
    subject: { zh: '代为处理的待办：{flow}', en: 'To-do delegated to you: {flow}', jp: '代理のToDo：{flow}' },
    text: {
      zh: '{away}不在岗期间，「{flow}」的「{node}」由你代为处理。',
      en: 'While {away} is away, you handle "{node}" of "{flow}" for them.',
      jp: '{away}の不在中、「{flow}」の「{node}」をあなたが代理で処理します。',
    },
  },
  cc: {
    subject: { zh: '抄送给你：{flow}', en: 'Copied to you: {flow}', jp: 'CC：{flow}' },
    text: {
      zh: '{originator}发起的「{flow}」抄送给你，请知悉。',
      en: '"{flow}" started by {originator} was copied to you for your information.',
      jp: '{originator}が申請した「{flow}」があなたにCCされました。',
    },
  },
  approved: {
    subject: {
      zh: '你的申请已通过一步：{flow}',
      en: 'Your request was approved: {flow}',
      jp: '申請が承認されました：{flow}',
    },
    text: {
      zh: '{actor}同意了你发起的「{flow}」（{node}）。',
      en: '{actor} approved your "{flow}" ({node}).',
      jp: '{actor}があなたの「{flow}」（{node}）を承認しました。',
    },
  },
  rejected: {
    subject: {
      zh: '你的申请被驳回：{flow}',
      en: 'Your request was rejected: {flow}',
      jp: '申請が却下されました：{flow}',
    },
    text: {
      zh: '{actor}驳回了你发起的「{flow}」（{node}）。',
      en: '{actor} rejected your "{flow}" ({node}).',
      jp: '{actor}があなたの「{flow}」（{node}）を却下しました。',
    },
  },
  reverted: {
    subject: {
      zh: '你的申请被退回：{flow}',
      en: 'Your request was sent back: {flow}',
      jp: '申請が差し戻されました：{flow}',
    },
    text: {
      zh: '{actor}在「{node}」退回了你发起的「{flow}」。',
      en: '{actor} sent your "{flow}" back at "{node}".',
      jp: '{actor}が「{node}」であなたの「{flow}」を差し戻しました。',
    },
  },
  returned: {
    subject: {
      zh: '你的申请被退回：{flow}',
      en: 'Your request was sent back: {flow}',
      jp: '申請が差し戻されました：{flow}',
    },
    text: {
      zh: '你的{flow}被{actor}退回：{comment}',
      en: 'Your {flow} was sent back to you by {actor}: {comment}',
      jp: 'あなたの{flow}は{actor}により差し戻されました：{comment}',
    },
    bare: {
      zh: '你的{flow}被{actor}退回，请修改后重新提交。',
      en: 'Your {flow} was sent back to you by {actor}. Please correct it and submit it again.',
      jp: 'あなたの{flow}は{actor}により差し戻されました。修正して再提出してください。',
    },
  },
  finished: {
    subject: { zh: '流程已完成：{flow}', en: 'Flow finished: {flow}', jp: 'フローが完了しました：{flow}' },
    text: {
      zh: '你发起的「{flow}」已完成。',
      en: 'Your "{flow}" has finished.',
      jp: 'あなたが申請した「{flow}」が完了しました。',
    },
  },
  terminated: {
    subject: { zh: '流程已终止：{flow}', en: 'Flow terminated: {flow}', jp: 'フローが終了されました：{flow}' },
    text: {
      zh: '你发起的「{flow}」已被{actor}终止。',
      en: 'Your "{flow}" was terminated by {actor}.',
      jp: 'あなたが申請した「{flow}」は{actor}により終了されました。',
    },
  },
  mention: {
    subject: { zh: '{actor}在评论中提到了你', en: '{actor} mentioned you', jp: '{actor}があなたをメンションしました' },
    text: {
      zh: '{actor}在「{flow}」的评论中提到了你：{comment}',
      en: '{actor} mentioned you in a comment on "{flow}": {comment}',
      jp: '{actor}が「{flow}」のコメントであなたをメンションしました：{comment}',
    },
  },
  reminder: {
    subject: { zh: '待办到期提醒：{flow}', en: 'To-do reminder: {flow}', jp: 'ToDoの期限通知：{flow}' },
    text: {
      zh: '「{flow}」的「{node}」已到处理期限，请尽快处理。',
      en: '"{node}" of "{flow}" has reached its deadline. Please handle it soon.',
      jp: '「{flow}」の「{node}」が期限に達しました。早めに処理してください。',
    },
  },
  invitation: {
    subject: { zh: '邀请结果：{name}', en: 'Invitation answered: {name}', jp: '招待の結果：{name}' },
    text: {
      zh: '{name}{answer}你的邀请。',
      en: '{name} {answer} your invitation.',
      jp: '{name}があなたの招待を{answer}。',
    },
  },
  import: {
    subject: { zh: '导入已完成：{table}', en: 'Import finished: {table}', jp: 'インポート完了：{table}' },
    text: {
      zh: '「{table}」的导入已结束：成功 {done} 条，失败 {failed} 条。',
      en: 'The import into "{table}" has ended: {done} rows imported, {failed} failed.',
      jp: '「{table}」へのインポートが終わりました：成功 {done} 件、失敗 {failed} 件。',
    },
  },
  flowNotice: {
    subject: { zh: '{subject}', en: '{subject}', jp: '{subject}' },
    text: { zh: '{content}', en: '{content}', jp: '{content}' },
  },
  feedback: {
    subject: { zh: '你的反馈有了新进展', en: 'Update on your feedback', jp: 'フィードバックが更新されました' },
    text: {
      zh: '你的反馈「{summary}」已更新为「{status}」。',
      en: 'Your feedback "{summary}" is now {status}.',
      jp: 'あなたのフィードバック「{summary}」は「{status}」になりました。',
    },
  },
  webhookPaused: {
    subject: {
      zh: 'Webhook 已暂停：{table}',
      en: 'Webhook paused: {table}',
      jp: 'Webhook を一時停止しました：{table}',
    },
    text: {
      zh: '「{table}」的 Webhook（{url}）连续一天推送失败，已自动暂停。请检查接收地址后在数据表的 Webhook 设置中重新开启。',
      en: 'The webhook of "{table}" ({url}) has failed for a day and was paused. Check the receiver, then switch it on again in the table\'s webhook settings.',
      jp: '「{table}」の Webhook（{url}）は1日間送信に失敗したため、一時停止しました。受信先を確認し、データテーブルの Webhook 設定で再度オンにしてください。',
    },
  },
  recordMention: {
    subject: { zh: '{actor}在评论中提到了你', en: '{actor} mentioned you', jp: '{actor}があなたをメンションしました' },
    text: {
      zh: '{actor}在「{table}」的一条记录的评论中提到了你：{comment}',
      en: '{actor} mentioned you in a comment on a record of "{table}": {comment}',
      jp: '{actor}が「{table}」のレコードのコメントであなたをメンションしました：{comment}',
    },
  },
  recordComment: {
    subject: { zh: '你关注的记录有新评论：{table}', en: 'New comment: {table}', jp: '新しいコメント：{table}' },
    text: {
      zh: '{actor}评论了你关注的「{table}」记录：{comment}',
      en: '{actor} commented on a record of "{table}" you follow: {comment}',
      jp: '{actor}がフォロー中の「{table}」のレコードにコメントしました：{comment}',
    },
  },
  export: {
    subject: { zh: '导出已完成：{table}', en: 'Export finished: {table}', jp: 'エクスポート完了：{table}' },
    text: {
      zh: '「{table}」的导出已完成，共 {rows} 条。',
      en: 'The export of "{table}" is ready: {rows} rows.',
      jp: '「{table}」のエクスポートが完了しました：{rows} 件。',
    },
  },
  teamExport: {
    subject: {
      zh: '团队数据导出已完成：{team}',
      en: 'Team data export ready: {team}',
      jp: 'チームデータのエクスポート完了：{team}',
    },
    text: {
      zh: '团队「{team}」的数据已打包完成，下载链接 24 小时内有效。',
      en: 'The data of the team "{team}" is packed; the download link works for 24 hours.',
      jp: 'チーム「{team}」のデータをまとめました。ダウンロードリンクは 24 時間有効です。',
    },
  },
};

/** Words that fill a param in the reader's language (invitation answers, feedback statuses). */
const words: Record<string, Texts> = {
  accepted: { zh: '接受了', en: 'accepted', jp: '承諾しました' },
  refused: { zh: '拒绝了', en: 'refused', jp: '辞退しました' },
  'feedback.open': { zh: '待处理', en: 'open', jp: '未対応' },
  'feedback.inProgress': { zh: '处理中', en: 'in progress', jp: '対応中' },
  'feedback.resolved': { zh: '已解决', en: 'resolved', jp: '解決済み' },
  'feedback.closed': { zh: '已关闭', en: 'closed', jp: 'クローズ' },
};

const linkLabels: Record<string, Texts> = {
  handle: { zh: '去处理', en: 'Handle it', jp: '処理する' },
  view: { zh: '查看', en: 'View', jp: '表示' },
};

export interface LetterLink {
  /** A same-origin path: anything else is dropped (the label stays as text). */
  href: string;
  target?: '_self' | '_blank';
  /** What the web does on click besides following href (kind, ids). */
  payload: Record<string, string>;
  label: keyof typeof linkLabels;
}

export interface LetterBody {
  kind: LetterKind;
  params: Record<string, string>;
  link?: LetterLink;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function fill(template: string, params: Record<string, string>, lang: Language): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key] ?? '';
    return escapeHtml(words[value]?.[lang] ?? value);
  });
}

/** The letter in one language: subject as text, content as escaped text plus its one link. */
export function renderLetter(body: LetterBody, lang: Language): { subject: string; content: string } {
  const t = templates[body.kind];
  const subject = t.subject[lang].replace(/\{(\w+)\}/g, (_, key: string) => body.params[key] ?? '');
  let content = fill((t.bare && !body.params.comment ? t.bare : t.text)[lang], body.params, lang);
  const link = body.link;
  if (link) {
    const label = escapeHtml(linkLabels[link.label]?.[lang] ?? '');
    content += isSameOriginPath(link.href)
      ? ` <a href="${escapeHtml(link.href)}" target="${link.target === '_blank' ? '_blank' : '_self'}" data-onclick="${escapeHtml(JSON.stringify(link.payload))}">${label}</a>`
      : ` ${label}`;
  }
  return { subject, content };
}

/** What a stored letter's extra_info holds, or null when it is not a body this server writes. */
export function parseBody(extraInfo: string): LetterBody | null {
  try {
    const body = JSON.parse(extraInfo) as LetterBody;
    return body && typeof body.kind === 'string' && body.kind in templates && typeof body.params === 'object'
      ? body
      : null;
  } catch {
    return null;
  }
}
