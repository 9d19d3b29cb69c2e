import { describe, expect, it } from 'vitest';
import { accountKind } from './account.js';
import { formatMessage } from './messages.js';
import { hashPasswordForTransport } from './password.js';
import { checkTeamName } from './team.js';

describe('contract helpers', () => {
  it('hashes passwords for transport deterministically, never echoing the password', () => {
    const a = hashPasswordForTransport('secret-123');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(hashPasswordForTransport('secret-123'));
    expect(a).not.toBe(hashPasswordForTransport('secret-124'));
  });

  it('tells mobiles from emails', () => {
    expect(accountKind('13800138000')).toBe('mobile');
    expect(accountKind('12800138000')).toBeNull();
    expect(accountKind('a@b.cn')).toBe('email');
    expect(accountKind('a@b')).toBeNull();
  });

  it('checks team names by characters, with the spec rules in order', () => {
    expect(checkTeamName('  ')).toBe('team.name.empty');
    expect(checkTeamName('😀😀')).toBe('team.name.emoji');
    expect(checkTeamName('研发🇨🇳')).toBe('team.name.emoji');
    expect(checkTeamName('研')).toBe('team.name.tooShort');
    expect(checkTeamName('研发')).toBeNull();
    expect(checkTeamName('𠀀'.repeat(32))).toBeNull();
    expect(checkTeamName('a'.repeat(33))).toBe('team.name.tooLong');
  });

  it('formats messages in each language', () => {
    expect(formatMessage('team.name.emoji', 'zh')).toBe('团队名称不允许使用emoji文字');
    expect(formatMessage('auth.throttled', 'en', { minutes: 3 })).toBe(
      'Too many failed logins. Try again in 3 minutes',
    );
  });
});
