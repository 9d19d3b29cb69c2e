import Type, { type Static } from 'typebox';

/** Personal API tokens (issue 17): limits and shapes shared by server and web. */
export const ApiTokenLimits = {
  /** Tokens in force (neither revoked nor expired) one user may hold. */
  perUser: 50,
  nameMax: 64,
  appsMax: 50,
  /** Expiry choices in days. */
  expiryDays: [7, 30, 90, 365] as const,
  /** What a token sends before its secret, so a leaked one is easy to recognise. */
  prefix: 'cnp_',
  /** Requests per token per minute (the server's default; `API_TOKEN_RATE_LIMIT` changes it). */
  defaultRatePerMinute: 600,
  /** Rows in one integrator batch (create + update + delete together). */
  batchMax: 1000,
} as const;

export const CreateApiTokenBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: ApiTokenLimits.nameMax }),
    appCodes: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      minItems: 1,
      maxItems: ApiTokenLimits.appsMax,
      uniqueItems: true,
    }),
    readOnly: Type.Boolean(),
    expiresInDays: Type.Union(ApiTokenLimits.expiryDays.map((d) => Type.Literal(d))),
  },
  { additionalProperties: false },
);
export type CreateApiTokenBody = Static<typeof CreateApiTokenBody>;

export const ApiTokenItem = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The token's first characters (`cnp_abcd…`), to tell tokens apart; never the whole token. */
  prefix: Type.String(),
  engineCode: Type.String(),
  engineName: Type.String(),
  appCodes: Type.Array(Type.String()),
  readOnly: Type.Boolean(),
  createdAt: Type.Integer(),
  expiresAt: Type.Integer(),
  lastUsedAt: Type.Union([Type.Integer(), Type.Null()]),
  /** active, expired or revoked. */
  state: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
});
export type ApiTokenItem = Static<typeof ApiTokenItem>;

/** The answer to creating a token: the only time the secret is shown. */
export const CreatedApiToken = Type.Object({ token: Type.String(), item: ApiTokenItem });
export type CreatedApiToken = Static<typeof CreatedApiToken>;

export const ApiTokenParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
