import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Issue 36: test hooks stay out of production modules' public surface. They are injected when a
 * server is built (buildApp's testHooks, test-hooks.ts); no production module reads a test's
 * environment variable or exposes a mutable hook a test sets on the running service.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('test hooks', () => {
  it('no production module reads the crash hook’s environment variable', () => {
    const src = path.resolve(import.meta.dirname, '../src');
    const readers = sources(src).filter((f) => fs.readFileSync(f, 'utf8').includes('CANOPY_PACKAGE_CRASH_AT'));
    expect(readers).toEqual([]);
    const config = loadConfig({ WEB_DIST: '', DATA_DIR: server.dataDir, CANOPY_PACKAGE_CRASH_AT: 'tables' });
    expect(Object.keys(config)).not.toContain('packageCrashAt');
  });

  it('the import service exposes no hook to set on it while it runs', () => {
    const imports = server.app.imports as unknown as Record<string, unknown>;
    for (const name of ['betweenChunks', 'betweenMoves', 'moveChunkRows']) expect(name in imports, name).toBe(false);
  });
});
