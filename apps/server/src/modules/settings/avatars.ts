import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AVATAR_MAX_BYTES } from '@canopy/contract';

const SIGNATURES: { ext: string; type: string; test: (b: Buffer) => boolean }[] = [
  {
    ext: 'png',
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    ext: 'webp',
    type: 'image/webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

export const AVATAR_URL_PREFIX = '/v1/files/avatars/';
export const AVATAR_NAME = /^[0-9a-f-]{36}-[0-9a-f]{16}\.(png|jpg|gif|webp)$/;

export function avatarContentType(name: string): string {
  const ext = name.split('.').pop();
  return SIGNATURES.find((s) => s.ext === ext)?.type ?? 'application/octet-stream';
}

/**
 * Avatar files on disk under DATA_DIR/avatars. The type is decided by the file's own bytes, never by
 * what the client claims, and names are ours, so nothing a user sends becomes a path.
 */
export class AvatarStore {
  readonly dir: string;
  constructor(dataDir: string) {
    this.dir = path.join(dataDir, 'avatars');
  }

  /** Returns the public URL, or null when the data is not an accepted image. */
  async save(userId: string, dataUrl: string): Promise<string | null> {
    const match = dataUrl.match(/^data:[\w/+.-]+;base64,([A-Za-z0-9+/=]+)$/);
    if (!match?.[1]) return null;
    const bytes = Buffer.from(match[1], 'base64');
    if (!bytes.length || bytes.length > AVATAR_MAX_BYTES) return null;
    const kind = SIGNATURES.find((s) => s.test(bytes));
    if (!kind) return null;
    await fs.mkdir(this.dir, { recursive: true });
    const name = `${userId}-${randomBytes(8).toString('hex')}.${kind.ext}`;
    await fs.writeFile(path.join(this.dir, name), bytes);
    return AVATAR_URL_PREFIX + name;
  }

  async remove(url: string): Promise<void> {
    if (!url.startsWith(AVATAR_URL_PREFIX)) return;
    const name = url.slice(AVATAR_URL_PREFIX.length);
    if (AVATAR_NAME.test(name)) await fs.rm(path.join(this.dir, name), { force: true });
  }
}
