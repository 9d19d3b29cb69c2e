import { describe, expect, it } from 'vitest';
import { safeRedirect } from './auth-redirect';

const origin = 'https://canopy.example.com';

describe('redirects after login', () => {
  it.each([
    ['/members?engineCode=e1#top', '/members?engineCode=e1#top'],
    ['https://canopy.example.com/todos/done', '/todos/done'],
    [null, '/home'],
    ['', '/home'],
    ['https://evil.example.com/steal', '/home'],
    ['//evil.example.com/steal', '/home'],
    ['/\\evil.example.com', '/home'],
    ['javascript:alert(1)', '/home'],
    ['/login?redirect=/home', '/home'],
    ['/logout/', '/home'],
  ])('%j → %j', (raw, expected) => {
    expect(safeRedirect(raw, origin)).toBe(expected);
  });
});
