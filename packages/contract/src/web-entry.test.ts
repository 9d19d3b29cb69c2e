import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as full from './index.js';
import { renderWebEntry } from './web-entry.js';

const src = import.meta.dirname;

describe('the browser entry (web.gen.ts)', () => {
  it('is up to date with the endpoints (regenerate: npx tsx packages/contract/scripts/gen-web-entry.ts)', async () => {
    expect(await fs.readFile(path.join(src, 'web.gen.ts'), 'utf8')).toBe(await renderWebEntry(src));
  });

  it('has every endpoint with the same method and path, and every other export but schemas', async () => {
    const web = (await import('./web.gen.js')) as Record<string, unknown>;
    let endpoints = 0;
    for (const [name, value] of Object.entries(full)) {
      if (name.endsWith('Endpoints') && value && typeof value === 'object') {
        for (const [key, e] of Object.entries(value as Record<string, { method: string; path: string }>)) {
          expect((web[name] as Record<string, unknown>)[key], `${name}.${key}`).toEqual({
            method: e.method,
            path: e.path,
          });
          endpoints += 1;
        }
      } else if (!(name in web)) {
        // Only TypeBox schemas may be missing (they carry the `~kind` TypeBox gives every schema).
        expect(value && typeof value === 'object' && '~kind' in value, `${name} missing from web.gen.ts`).toBe(true);
      }
    }
    expect(endpoints).toBeGreaterThan(100);
  });
});
