import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Spec §5: passwords are hashed in the browser before sending, so the plain password never leaves
 * the device (nor lands in a proxy log). The server stores Argon2id over this digest. A pure-JS
 * SHA-256 is used because WebCrypto is missing on plain-http private deployments.
 */
export function hashPasswordForTransport(plain: string): string {
  return bytesToHex(sha256(utf8ToBytes(`canopy:v1:${plain}`)));
}

export const TRANSPORT_HASH_PATTERN = '^[0-9a-f]{64}$';
