import { describe, expect, it } from 'vitest';
import { avatarSrcSet } from './avatar-src';

describe('avatar srcset', () => {
  it('offers the 2x variant of a stored avatar', () => {
    const url = '/v1/files/avatars/0b6f1c2e-1111-4222-8333-944455556666-0123456789abcdef.png';
    expect(avatarSrcSet(url)).toBe(
      `${url} 1x, /v1/files/avatars/0b6f1c2e-1111-4222-8333-944455556666-0123456789abcdef@2x.png 2x`,
    );
  });

  it('leaves other pictures and empty avatars alone', () => {
    expect(avatarSrcSet('')).toBeUndefined();
    expect(avatarSrcSet(undefined)).toBeUndefined();
    expect(avatarSrcSet('https://thirdparty.example.com/a.png')).toBeUndefined();
    expect(avatarSrcSet('/v1/files/avatars/x/../../secret.png')).toBeUndefined();
  });
});
