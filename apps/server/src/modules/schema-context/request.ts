import type { FastifyRequest } from 'fastify';
import { adminHeader } from '../../http/admin-mode.js';
import type { SchemaContext, SchemaContexts } from './context.js';

/** The table a request's path names (`:appCode/:schemaCode`), as the signed-in member sees it. */
export type SchemaContextOf = (
  req: FastifyRequest,
  p: { appCode: string; schemaCode: string },
) => Promise<SchemaContext>;

export function schemaContextOf(contexts: SchemaContexts): SchemaContextOf {
  return (req, p) => contexts.context(req.tenant, p.appCode, p.schemaCode, adminHeader(req));
}
