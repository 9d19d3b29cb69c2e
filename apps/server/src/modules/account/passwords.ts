import { hash, verify } from '@node-rs/argon2';

/**
 * How hard a stored password is to guess (PASSWORD_HASHING): `standard` is OWASP's Argon2id
 * minimum (19 MiB, 2 passes); `fast` (tests only: 50 ms → under 1 ms a hash, thousands of sign-ups a
 * run) keeps the algorithm and format but not the cost. Hashes of either cost verify under both:
 * the parameters are stored in the hash.
 */
export type PasswordHashing = 'standard' | 'fast';

// algorithm 2 = Argon2id (a const enum upstream, which isolated modules cannot import).
export const ARGON2_PARAMETERS = {
  standard: { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  fast: { algorithm: 2, memoryCost: 256, timeCost: 1, parallelism: 1 },
} as const;

/** Argon2id over the transport hash the browser sends (the plain password never reaches us). */
export class Passwords {
  constructor(private readonly cost: PasswordHashing = 'standard') {}

  hash(transportHash: string): Promise<string> {
    return hash(transportHash, ARGON2_PARAMETERS[this.cost]);
  }

  verify(stored: string, transportHash: string): Promise<boolean> {
    return verify(stored, transportHash);
  }
}
