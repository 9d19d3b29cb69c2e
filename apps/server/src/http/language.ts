import { Headers, type Language, toLanguage } from '@canopy/contract';
import type { FastifyRequest } from 'fastify';

/** The user's language: the client's explicit header first, then the browser's Accept-Language. */
export function requestLanguage(req: FastifyRequest): Language {
  const explicit = req.headers[Headers.language];
  if (typeof explicit === 'string' && explicit) return toLanguage(explicit);
  return toLanguage(req.headers['accept-language']?.split(',')[0]);
}
