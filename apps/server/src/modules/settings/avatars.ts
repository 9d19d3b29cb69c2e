import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AVATAR_MAX_BYTES } from '@canopy/contract';
import type { FileStore } from '../../storage/store.js';

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
/** `<user>-<random>.<ext>`, or `<user>-<random>@2x.<ext>` for its double-resolution variant. */
export const AVATAR_NAME = /^[0-9a-f-]{36}-[0-9a-f]{16}(@2x)?\.(png|jpg|gif|webp)$/;
const RETINA_MARK = '@2x';

/**
 * The file that answers an avatar name: the name itself, or for a `@2x` name whose variant was never
 * stored (an avatar uploaded in one size) the one size there is, so a 2x source never breaks.
 */
export function avatarFileCandidates(name: string): string[] {
  return name.includes(RETINA_MARK) ? [name, name.replace(RETINA_MARK, '')] : [name];
}

export function avatarContentType(name: string): string {
  const ext = name.split('.').pop();
  return SIGNATURES.find((s) => s.ext === ext)?.type ?? 'application/octet-stream';
}

/** The bytes and type of an image data URL we accept, or null. The type is read from the bytes. */
function decodeImage(dataUrl: string): { bytes: Buffer; kind: (typeof SIGNATURES)[number] } | null {
  const match = dataUrl.match(/^data:[\w/+.-]+;base64,([A-Za-z0-9+/=]+)$/);
  if (!match?.[1]) return null;
  const bytes = Buffer.from(match[1], 'base64');
  if (!bytes.length || bytes.length > AVATAR_MAX_BYTES) return null;
  const kind = SIGNATURES.find((s) => s.test(bytes));
  return kind ? { bytes, kind } : null;
}

/**
 * Avatar files in the file store under `avatars/<name>` (DATA_DIR/avatars or the S3 bucket). The type
 * is decided by the file's own bytes, never by what the client claims, and names are ours, so nothing
 * a user sends becomes a key.
 */
export class AvatarStore {
  constructor(private readonly store: FileStore) {}

  /** The bytes of a stored avatar (the normal size when a double one was never stored), or null. */
  async open(name: string): Promise<Readable | null> {
    for (const candidate of avatarFileCandidates(name)) {
      const body = await this.store.read(`avatars/${candidate}`);
      if (body) return body;
    }
    return null;
  }

  /**
   * Stores an avatar and, when given, its double-resolution variant (same image type, served as
   * `<name>@2x.<ext>` for screens with a device pixel ratio above 1). Returns the public URL of the
   * normal size, or an error naming the field whose data is not an accepted image.
   */
  async save(userId: string, dataUrl: string, dataUrl2x?: string): Promise<{ url: string } | { invalid: string }> {
    const image = decodeImage(dataUrl);
    if (!image) return { invalid: 'dataUrl' };
    const image2x = dataUrl2x === undefined ? null : decodeImage(dataUrl2x);
    if (dataUrl2x !== undefined && image2x?.kind.ext !== image.kind.ext) return { invalid: 'dataUrl2x' };
    const base = `${userId}-${randomBytes(8).toString('hex')}`;
    const name = `${base}.${image.kind.ext}`;
    await this.store.putBytes(`avatars/${name}`, image.bytes, image.kind.type);
    if (image2x)
      await this.store.putBytes(`avatars/${base}${RETINA_MARK}.${image.kind.ext}`, image2x.bytes, image.kind.type);
    return { url: AVATAR_URL_PREFIX + name };
  }

  /** Removes an avatar we stored, both sizes. */
  async remove(url: string): Promise<void> {
    if (!url.startsWith(AVATAR_URL_PREFIX)) return;
    const name = url.slice(AVATAR_URL_PREFIX.length);
    if (!AVATAR_NAME.test(name) || name.includes(RETINA_MARK)) return;
    const retina = name.replace(/\.(\w+)$/, `${RETINA_MARK}.$1`);
    await Promise.all([name, retina].map((n) => this.store.remove(`avatars/${n}`)));
  }
}
