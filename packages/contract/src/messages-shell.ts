import type { Language } from './i18n.js';

/**
 * The server messages the web shows on /home without asking the server (the team-name rules of the
 * rename field, a missing invitation). `ServerMessages` holds them too; they stand apart so /home does
 * not load every message in three languages (messages.ts, ~16 KB compressed) for five of them.
 */
export const ShellMessages = {
  'team.name.empty': { zh: '团队名称不能为空', en: 'Team name cannot be empty', jp: 'チーム名を入力してください' },
  'team.name.tooShort': {
    zh: '团队名称不能少于两个字符',
    en: 'Team name needs at least 2 characters',
    jp: 'チーム名は2文字以上必要です',
  },
  'team.name.tooLong': {
    zh: '团队名称不能超过32个字符',
    en: 'Team name must be at most 32 characters',
    jp: 'チーム名は32文字以内にしてください',
  },
  'team.name.emoji': {
    zh: '团队名称不允许使用emoji文字',
    en: 'Team name cannot contain emoji',
    jp: 'チーム名に絵文字は使用できません',
  },
  'invitation.missing': { zh: '缺少邀请信息', en: 'Invitation details are missing', jp: '招待情報がありません' },
} as const satisfies Record<string, Record<Language, string>>;

export type ShellMessageKey = keyof typeof ShellMessages;

/** Fills `{name}` placeholders; an unknown one stays as it is. */
export function fillMessage(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => (name in params ? String(params[name]) : `{${name}}`));
}

/** `formatMessage` for the messages above, without the whole table. */
export function formatShellMessage(
  key: ShellMessageKey,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  return fillMessage(ShellMessages[key][lang], params);
}
