import { InvitationEndpoints } from '@canopy/contract';
import { call } from '../../../shell/api/client';

export const invitationKeys = {
  sent: (engineCode: string) => ['invitations', 'sent', engineCode] as const,
  mine: ['invitations', 'mine'] as const,
};

/** Invite by mobile or email (SMS or mail goes out), or without an account for a shareable link. */
export function createInvitation(account?: string) {
  return call(InvitationEndpoints.create, { body: account ? { account } : {}, errors: 'inline' });
}

export function fetchSentInvitations() {
  return call(InvitationEndpoints.sent);
}

export function revokeInvitation(id: string) {
  return call(InvitationEndpoints.revoke, { params: { id } });
}

/**
 * Pending invitations addressed to the signed-in user. No team headers: a newcomer has no team yet,
 * and the answer is about the user, not a team. A failure just means no prompt.
 */
export function fetchMyInvitations() {
  return call(InvitationEndpoints.mine, { errors: 'silent', tenant: false });
}

export function fetchInvitation(id: string) {
  return call(InvitationEndpoints.last, { query: { id }, errors: 'inline', tenant: false });
}

export function joinInvitation(id: string) {
  return call(InvitationEndpoints.join, { params: { id }, errors: 'inline', tenant: false });
}

export function refuseInvitation(id: string) {
  return call(InvitationEndpoints.refuse, { params: { id }, errors: 'inline', tenant: false });
}
