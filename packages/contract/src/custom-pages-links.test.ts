import { describe, expect, it } from 'vitest';
import { isPageUrl, sameSitePath } from './custom-pages.js';

/**
 * A custom page's link is a path of this site only when a browser would open it on this site
 * (issue 30): a backslash is a slash, so `/\evil.example` and `\\evil.example` leave it, like `//`.
 * The server checks links with it when saving; the web reads links with it when rendering.
 */
describe('same-site paths', () => {
  it('refuses what a browser opens on another site', () => {
    for (const url of [
      '/\\evil.example',
      '\\\\evil.example',
      '\\/evil.example',
      '//evil.example',
      ' //evil.example',
      '/\t/evil.example',
      '/\n\\evil.example',
      '\u0001//evil.example',
      'javascript:alert(1)',
      'todos',
      '',
    ]) {
      expect(sameSitePath(url), JSON.stringify(url)).toBeNull();
      expect(isPageUrl(url, true), JSON.stringify(url)).toBe(false);
    }
  });

  it('takes paths of this site, read as the browser reads them', () => {
    expect(sameSitePath('/todos/todo')).toBe('/todos/todo');
    expect(sameSitePath('/a\\b?x=1#h')).toBe('/a/b?x=1#h');
    expect(sameSitePath(' /app/x ')).toBe('/app/x');
    expect(isPageUrl('/todos/todo', true)).toBe(true);
    expect(isPageUrl('/todos/todo', false)).toBe(false);
    expect(isPageUrl('https://example.com/x', false)).toBe(true);
  });
});
