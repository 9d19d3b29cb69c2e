import { EntryType } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import { SUPPORT_CHANNELS, supportEntryType } from './support-channels';

describe('support QR by entry type', () => {
  it('gives Feishu store, WeCom standard and DingTalk teams their own channel', () => {
    const links = [EntryType.feishuStore, EntryType.wecomStandard, EntryType.dingtalk, EntryType.web].map(
      (type) => SUPPORT_CHANNELS[supportEntryType(type)],
    );
    expect(new Set(links).size).toBe(4);
  });

  it('falls back to the web channel for an unknown or missing entry type', () => {
    expect(supportEntryType('SOMETHING')).toBe(EntryType.web);
    expect(supportEntryType(null)).toBe(EntryType.web);
  });
});
