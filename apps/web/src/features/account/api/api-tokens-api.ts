import { ApiTokenEndpoints, type CreateApiTokenBody } from '@canopy/contract';
import { call } from '../../../shell/api/client';

/** The user's own API tokens (account settings). Creating one names the current team (tenant headers). */
export const apiTokenKeys = { list: ['api-tokens'] as const };

export const apiTokensApi = {
  list: () => call(ApiTokenEndpoints.list, { tenant: false }),
  create: (body: CreateApiTokenBody) => call(ApiTokenEndpoints.create, { body, errors: 'inline' }),
  revoke: (id: string) => call(ApiTokenEndpoints.revoke, { params: { id }, errors: 'inline', tenant: false }),
};
