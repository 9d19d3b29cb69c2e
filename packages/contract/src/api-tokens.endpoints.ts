import Type from 'typebox';
import { ApiTokenItem, ApiTokenParams, CreateApiTokenBody, CreatedApiToken } from './api-tokens.js';
import { endpoint } from './endpoint.js';

/** Managing one's own API tokens: a session only, never a token. */
export const ApiTokenEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/v1/user/api-tokens',
    summary: "The signed-in user's API tokens, with last use",
    tags: ['account'],
    auth: 'session',
    operationId: 'listApiTokens',
    response: Type.Array(ApiTokenItem),
  }),
  create: endpoint({
    method: 'POST',
    path: '/v1/user/api-tokens',
    summary: 'Create an API token for the current team and chosen apps (the secret is answered once)',
    tags: ['account'],
    auth: 'session',
    operationId: 'createApiToken',
    body: CreateApiTokenBody,
    response: CreatedApiToken,
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/v1/user/api-tokens/:id',
    summary: 'Revoke one of my API tokens',
    tags: ['account'],
    auth: 'session',
    operationId: 'revokeApiToken',
    params: ApiTokenParams,
    response: Type.Boolean(),
  }),
} as const;
