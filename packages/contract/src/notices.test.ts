import { describe, expect, it } from 'vitest';
import { isSameOriginPath } from './notices.js';

describe('letter links', () => {
  it('open paths of this site only', () => {
    for (const ok of ['/notice', '/workflow/a1/approval?instanceId=x&workitemId=y', '/app/a/b'])
      expect(isSameOriginPath(ok), ok).toBe(true);
    for (const bad of [
      'https://evil.example.com/',
      '//evil.example.com/x',
      '/\\evil.example.com',
      'javascript:alert(1)',
      ' /notice',
      '/no\ttabs',
      'notice',
      '',
    ])
      expect(isSameOriginPath(bad), bad).toBe(false);
  });
});
