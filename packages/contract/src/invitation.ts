import Type, { type Static } from 'typebox';

/** Invitations last this long, and each can be used once. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export const CreateInvitationBody = Type.Object(
  {
    /** Mobile or email of the person invited; omit for a shareable link. */
    account: Type.Optional(Type.String({ maxLength: 254 })),
  },
  { additionalProperties: false },
);

export const InvitationCreated = Type.Object({
  id: Type.String(),
  link: Type.String(),
  targetKind: Type.String(),
  target: Type.String(),
  expiresAt: Type.Integer(),
});
export type InvitationCreated = Static<typeof InvitationCreated>;

/** Spec §3 Invitation: id, corpId, corpName, memberName (the inviter). */
export const InvitationSummary = Type.Object({
  id: Type.String(),
  corpId: Type.String(),
  corpName: Type.String(),
  memberName: Type.String(),
});
export type InvitationSummary = Static<typeof InvitationSummary>;

export const SentInvitation = Type.Object({
  id: Type.String(),
  targetKind: Type.String(),
  target: Type.String(),
  state: Type.String(),
  inviterName: Type.String(),
  createdAt: Type.Integer(),
  expiresAt: Type.Integer(),
});
export type SentInvitation = Static<typeof SentInvitation>;

export const InvitationIdQuery = Type.Object({ id: Type.Optional(Type.String({ maxLength: 64 })) });
export const InvitationIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const OutboxMessage = Type.Object({
  id: Type.Integer(),
  channel: Type.String(),
  target: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  createdAt: Type.Integer(),
});
