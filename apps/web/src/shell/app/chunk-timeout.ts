/** A lazily loaded part that did not arrive in time (spec §8: raised after 120 s). */
export class ChunkTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The page part did not load within ${timeoutMs} ms`);
    this.name = 'ChunkTimeoutError';
  }
}

/**
 * The import, or a ChunkTimeoutError once `timeoutMs` have passed without it. The timer is cleared
 * as soon as the import settles, so nothing lingers after a page loaded.
 */
export function chunkTimeout<T>(loading: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(timeoutMs)), timeoutMs);
    loading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
