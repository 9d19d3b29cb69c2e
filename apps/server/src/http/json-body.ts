import { ErrorCode, ErrorType, Limits } from '@canopy/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/**
 * How deep a JSON text nests (objects and arrays), counted in one pass without recursion; stops
 * counting once past `max`. Brackets inside strings do not count.
 */
export function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * JSON bodies: Fastify's own parser (proto poisoning refused), after a depth check. A body nested
 * thousands deep would otherwise overflow the stack in the parser, the NUL check or the schema's
 * validation (a 500); past Limits.jsonDepthMax it is a 400 that says so.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonDepthOver(body as string, Limits.jsonDepthMax)) {
      done(
        new AppError(400, ErrorCode.badRequest, 'error.jsonTooDeep', { max: Limits.jsonDepthMax }, ErrorType.system),
        undefined,
      );
      return;
    }
    parse(req, body as string, done);
  });
}
