import { EntryType } from '@canopy/contract';

export type SupportEntryType = (typeof EntryType)[keyof typeof EntryType];

/**
 * Where the support QR code leads, by the team's entry type (spec §2 floating service widget: the
 * QR differs for Feishu store, WeCom standard and DingTalk teams; web teams get the WeChat one).
 * Operations replace these links with the product's real support channels.
 */
export const SUPPORT_CHANNELS: Record<SupportEntryType, string> = {
  [EntryType.web]: 'https://work.weixin.qq.com/kfid/canopy-support',
  [EntryType.feishuStore]: 'https://applink.feishu.cn/client/chat/chatter/add_by_link?link_token=canopy-support',
  [EntryType.wecomStandard]: 'https://work.weixin.qq.com/ca/canopy-support',
  [EntryType.dingtalk]: 'https://qr.dingtalk.com/action/joingroup?code=canopy-support',
};

/** The entry type whose support channel a team gets (an unknown one falls back to web). */
export function supportEntryType(entryType: string | null | undefined): SupportEntryType {
  const known = Object.values(EntryType).find((type) => type === entryType);
  return known ?? EntryType.web;
}
