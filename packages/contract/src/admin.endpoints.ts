import Type from 'typebox';
import { endpoint } from './endpoint.js';
import { OutboxMessage } from './invitation.js';

export const AdminEndpoints = {
  outbox: endpoint({
    method: 'GET',
    path: '/v1/admin/outbox',
    summary: 'Developer outbox: mail and SMS written instead of sent (instance administrator only)',
    tags: ['admin'],
    auth: 'session',
    response: Type.Array(OutboxMessage),
  }),
} as const;
