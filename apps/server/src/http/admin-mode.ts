import { Headers } from '@canopy/contract';
import type { FastifyRequest } from 'fastify';

/**
 * Whether the request asks for admin mode (the corporate-admin header). Asking grants nothing by
 * itself: the app services honour it only for owners and admins of the request's team.
 */
export function adminHeader(req: FastifyRequest): boolean {
  // An API token acts with its owner's app roles and rules, never in admin mode.
  if (req.auth?.token) return false;
  const v = req.headers[Headers.corpAdmin];
  return v === '1' || v === 'true';
}
