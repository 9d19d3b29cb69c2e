import { Headers } from '@canopy/contract';
import type { FastifyRequest } from 'fastify';

/**
 * Whether the request asks for admin mode (the corporate-admin header). Asking grants nothing by
 * itself: the app services honour it only for owners and admins of the request's team.
 */
export function adminHeader(req: FastifyRequest): boolean {
  const v = req.headers[Headers.corpAdmin];
  return v === '1' || v === 'true';
}
