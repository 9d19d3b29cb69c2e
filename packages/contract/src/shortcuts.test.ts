import { describe, expect, it } from 'vitest';
import { defaultShortcutName, isShortcutName } from './shortcuts.js';

describe('shortcut names (spec §3, §5)', () => {
  it('are 2 to 32 characters once trimmed, counted as characters', () => {
    expect(isShortcutName('订单')).toBe(true);
    expect(isShortcutName(' 订 ')).toBe(false);
    expect(isShortcutName('单'.repeat(32))).toBe(true);
    expect(isShortcutName('单'.repeat(33))).toBe(false);
    expect(isShortcutName('😀😀')).toBe(true);
  });

  it('start with 新增- or 查看- and are cut to 32 characters', () => {
    expect(defaultShortcutName(2, '订单')).toBe('新增-订单');
    expect(defaultShortcutName(3, '客户')).toBe('查看-客户');
    expect([...defaultShortcutName(2, '表'.repeat(40))]).toHaveLength(32);
    // An app shortcut is called as the app is.
    expect(defaultShortcutName(1, '订单管理')).toBe('订单管理');
  });
});
