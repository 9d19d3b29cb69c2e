import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Data sources' passwords and tokens at rest: AES-256-GCM with the key from DATASOURCE_KEY, stored
 * as `v1:<iv>.<tag>.<ciphertext>` (base64). Without the key a sealed value cannot be read back, and
 * a changed one is refused by the tag.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('DATASOURCE_KEY must give 32 bytes');
    this.key = key;
  }

  /** 64 hex characters or base64 of 32 bytes are the key itself; anything else is a passphrase. */
  static fromSetting(setting: string): SecretBox {
    if (/^[0-9a-f]{64}$/i.test(setting)) return new SecretBox(Buffer.from(setting, 'hex'));
    const b64 = Buffer.from(setting, 'base64');
    if (b64.length === 32 && /^[A-Za-z0-9+/]{43}=?$/.test(setting)) return new SecretBox(b64);
    return new SecretBox(createHash('sha256').update(setting).digest());
  }

  seal(plain: string): string {
    if (!plain) return '';
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${iv.toString('base64')}.${cipher.getAuthTag().toString('base64')}.${data.toString('base64')}`;
  }

  open(sealed: string): string {
    if (!sealed) return '';
    const [iv, tag, data] = sealed.replace(/^v1:/, '').split('.');
    if (!iv || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
  }
}
