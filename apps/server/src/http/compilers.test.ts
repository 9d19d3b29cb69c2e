import type { Endpoint } from '@canopy/contract';
import * as Contract from '@canopy/contract';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { validatorCompiler } from './compilers.js';
import { responseOf } from './route.js';

/** Every endpoint the contract exports (the `…Endpoints` objects). */
function endpoints(): [string, Endpoint][] {
  const found: [string, Endpoint][] = [];
  for (const [group, value] of Object.entries(Contract)) {
    if (!group.endsWith('Endpoints') || typeof value !== 'object' || value === null) continue;
    for (const [name, e] of Object.entries(value as Record<string, unknown>)) {
      const endpoint = e as Partial<Endpoint>;
      if (endpoint && typeof endpoint.method === 'string' && typeof endpoint.path === 'string')
        found.push([`${group}.${name}`, endpoint as Endpoint]);
    }
  }
  return found;
}

/**
 * Validators and serializers are compiled when a route is first called (compilers.ts), not when the
 * server starts: a schema Ajv or fast-json-stringify cannot compile would otherwise show only as a
 * 500 on that route's first request. Every endpoint's schemas are compiled here instead.
 */
describe('route schemas', () => {
  const all = endpoints();

  it('finds the contract endpoints', () => {
    expect(all.length).toBeGreaterThan(250);
  });

  // Hundreds of schemas compiled in one go: CPU-bound, and a loaded CI machine took over 20 s.
  it('compiles every endpoint’s params, query and body validator and its response serializer', () => {
    const failures: string[] = [];
    for (const [name, e] of all) {
      for (const [part, schema] of [
        ['params', e.params],
        ['querystring', e.query],
        ['body', e.body],
      ] as const) {
        if (!schema) continue;
        try {
          validatorCompiler({ schema, httpPart: part })({});
        } catch (error) {
          failures.push(`${name} ${part}: ${(error as Error).message}`);
        }
      }
      try {
        fastJson(responseOf(e));
      } catch (error) {
        failures.push(`${name} response: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
