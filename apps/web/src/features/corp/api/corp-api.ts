import { AdminEndpoints } from '@canopy/contract';
import { call } from '../../../shell/api/client';

export const corpKeys = {
  outbox: ['admin', 'outbox'] as const,
};

/**
 * The developer outbox (instance administrator only). Others get 403, which only means the tab is
 * not theirs, so the call is silent and the caller hides the tab.
 */
export function fetchOutbox() {
  return call(AdminEndpoints.outbox, { errors: 'silent', tenant: false });
}
