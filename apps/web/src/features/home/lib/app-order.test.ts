import type { AppItem } from '@canopy/contract';
import { describe, expect, it } from 'vitest';
import { moveApp, preferenceOf, shiftApp, toggleStar } from './app-order';

const app = (code: string, isStoreUp = false): AppItem => ({
  code,
  displayName: code,
  color: 0,
  icon: 'appstore',
  displayMode: 'list',
  description: '',
  isStoreUp,
  roleName: 'owner',
  ownerName: '',
  ownerUserId: '',
  schemas: [],
  deletedAt: 0,
});
const codes = (apps: AppItem[]) => apps.map((a) => `${a.code}${a.isStoreUp ? '*' : ''}`).join(' ');

describe('app order', () => {
  const list = [app('a', true), app('b'), app('c'), app('d')];

  it('stars at the end of the starred group and unstars to the front of the others', () => {
    expect(codes(toggleStar(list, 'c'))).toBe('a* c* b d');
    expect(codes(toggleStar(list, 'a'))).toBe('a b c d');
  });

  it('moves within and between groups, changing the star flag', () => {
    expect(codes(moveApp(list, 'd', false, 'b'))).toBe('a* d b c');
    expect(codes(moveApp(list, 'c', true, 'a'))).toBe('c* a* b d');
    expect(codes(moveApp(list, 'a', false, null))).toBe('b c d a');
    expect(codes(moveApp(list, 'b', false, 'b'))).toBe('a* b c d');
  });

  it('shifts within the group and stops at its edges', () => {
    expect(codes(shiftApp(list, 'b', 1))).toBe('a* c b d');
    expect(codes(shiftApp(list, 'c', -1))).toBe('a* c b d');
    expect(codes(shiftApp(list, 'b', -1))).toBe('a* b c d');
    expect(codes(shiftApp(list, 'd', 1))).toBe('a* b c d');
  });

  it('saves every code, starred first, and the starred ones', () => {
    expect(preferenceOf([app('x'), app('y', true)])).toEqual({ appSorts: ['y', 'x'], collectedApps: ['y'] });
  });
});
