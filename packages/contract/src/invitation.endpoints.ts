import Type from 'typebox';
import { endpoint } from './endpoint.js';
import {
  CreateInvitationBody,
  InvitationCreated,
  InvitationIdParams,
  InvitationIdQuery,
  InvitationSummary,
  SentInvitation,
} from './invitation.js';

export const InvitationEndpoints = {
  create: endpoint({
    method: 'POST',
    path: '/v1/corpintegrate/invitation',
    summary: 'Invite by mobile or email (sent as SMS or mail), or create a shareable link (owner or admin)',
    tags: ['invitations'],
    auth: 'session',
    body: CreateInvitationBody,
    response: InvitationCreated,
  }),
  sent: endpoint({
    method: 'GET',
    path: '/v1/corpintegrate/invitation/sent',
    summary: 'Invitations of the current team (owner or admin)',
    tags: ['invitations'],
    auth: 'session',
    response: Type.Array(SentInvitation),
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: '/v1/corpintegrate/invitation/:id',
    summary: 'Revoke a pending invitation (owner or admin)',
    tags: ['invitations'],
    auth: 'session',
    params: InvitationIdParams,
    response: Type.Boolean(),
  }),
  mine: endpoint({
    method: 'GET',
    path: '/v1/corpintegrate/invitation/mine',
    summary: "Pending invitations addressed to the signed-in user's mobile or email",
    tags: ['invitations'],
    auth: 'session',
    response: Type.Array(InvitationSummary),
  }),
  last: endpoint({
    method: 'GET',
    path: '/v1/corpintegrate/invitation/last',
    summary: 'One pending invitation by id (from a link or the list above)',
    tags: ['invitations'],
    auth: 'session',
    query: InvitationIdQuery,
    response: InvitationSummary,
  }),
  join: endpoint({
    method: 'PUT',
    path: '/v1/corpintegrate/invitation/join/:id',
    summary: 'Accept an invitation: join the team as a member',
    tags: ['invitations'],
    auth: 'session',
    params: InvitationIdParams,
    response: Type.Boolean(),
  }),
  refuse: endpoint({
    method: 'PUT',
    path: '/v1/corpintegrate/invitation/refuse/:id',
    summary: 'Refuse an invitation',
    tags: ['invitations'],
    auth: 'session',
    params: InvitationIdParams,
    response: Type.Boolean(),
  }),
} as const;
