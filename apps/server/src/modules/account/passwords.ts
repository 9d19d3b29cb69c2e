import { hash, verify } from '@node-rs/argon2';

// algorithm 2 = Argon2id (a const enum upstream, which isolated modules cannot import).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Argon2id over the transport hash the browser sends (the plain password never reaches us). */
export function hashPassword(transportHash: string): Promise<string> {
  return hash(transportHash, ARGON2);
}

export function verifyPassword(stored: string, transportHash: string): Promise<boolean> {
  return verify(stored, transportHash);
}
