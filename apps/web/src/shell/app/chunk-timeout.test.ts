import { Limits } from '@canopy/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkTimeoutError, chunkTimeout } from './chunk-timeout';

describe('chunk timeout (spec §8/§9: sub-app chunk timeout 120000 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails with a ChunkTimeoutError when the part has not arrived after 120 s', async () => {
    const never = new Promise<never>(() => {});
    const loading = chunkTimeout(never, Limits.subAppChunkTimeoutMs);
    const outcome = loading.then(
      () => 'loaded',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(Limits.subAppChunkTimeoutMs - 1);
    // Not yet: one millisecond before the limit the import may still arrive.
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkTimeoutError);
    expect((error as ChunkTimeoutError).timeoutMs).toBe(120_000);
  });

  it('passes the part on when it arrives in time, and leaves no timer behind', async () => {
    let arrive: (value: string) => void = () => {};
    const loading = chunkTimeout(
      new Promise<string>((resolve) => {
        arrive = resolve;
      }),
      Limits.subAppChunkTimeoutMs,
    );
    await vi.advanceTimersByTimeAsync(119_000);
    arrive('page');
    await expect(loading).resolves.toBe('page');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a failed import on at once', async () => {
    const failure = new Error('Failed to fetch dynamically imported module');
    await expect(chunkTimeout(Promise.reject(failure), Limits.subAppChunkTimeoutMs)).rejects.toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });
});
