import Type, { type Static } from 'typebox';
import { Limits } from './limits.js';
import { TRANSPORT_HASH_PATTERN } from './password.js';

/** Mobile (mainland China, 11 digits starting with 1) or an email address. */
export const MOBILE_PATTERN = '^1[3-9]\\d{9}$';
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';

export const AccountField = Type.String({ minLength: 1, maxLength: 128 });
export const TransportPassword = Type.String({ pattern: TRANSPORT_HASH_PATTERN });

export const RegisterBody = Type.Object(
  {
    account: AccountField,
    name: Type.String({ minLength: 1, maxLength: Limits.userNameMax }),
    password: TransportPassword,
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Type.Object(
  { account: AccountField, password: TransportPassword },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

/** Basic user, spec §3. */
export const BasicUser = Type.Object({
  id: Type.String(),
  userName: Type.String(),
  nickname: Type.String(),
  avatarUrl: Type.String(),
  email: Type.String(),
  mobile: Type.String(),
  entryType: Type.String(),
  state: Type.String(),
  personalSignature: Type.String(),
  thirdBinds: Type.Object({
    wechat: Type.Object({ openName: Type.String() }),
  }),
});
export type BasicUser = Static<typeof BasicUser>;

export const CheckAccountQuery = Type.Object({ account: AccountField });
export const CheckAccountResult = Type.Object({ exists: Type.Boolean() });
/** A started sign-up's look-up allowance: its cookie carries it; this says how long and how many. */
export const AccountCheckChallenge = Type.Object({
  expiresIn: Type.Integer({ description: 'seconds' }),
  lookups: Type.Integer(),
});

export function accountKind(account: string): 'mobile' | 'email' | null {
  if (new RegExp(MOBILE_PATTERN).test(account)) return 'mobile';
  if (new RegExp(EMAIL_PATTERN).test(account)) return 'email';
  return null;
}

/** "Open in browser": a one-minute, single-use code and the address that spends it. */
export const AuthorizationCodeQuery = Type.Object({
  clientType: Type.Union([Type.Literal('pc_web')]),
  /** The page to land on: a path of this product (defaults to the workbench). */
  redirect: Type.Optional(Type.String({ maxLength: 512 })),
});
export const AuthorizationCode = Type.Object({
  code: Type.String(),
  /** Open this in the system browser: it signs in and lands on `redirect`. */
  url: Type.String(),
  expiresAt: Type.Number(),
});
export type AuthorizationCode = Static<typeof AuthorizationCode>;

/** The path the code is spent at (a plain page, not a JSON call: the system browser opens it). */
export const AUTHORIZATION_CODE_PATH = '/v1/user/information/authorizationCode/open';

/** Sign-in with the company's OpenID Connect provider: the login page's button opens the start. */
export const SSO_START_PATH = '/v1/auth/oidc/start';
/** Where the provider sends the browser back (register `<PUBLIC_URL>/v1/auth/oidc/callback`). */
export const SSO_CALLBACK_PATH = '/v1/auth/oidc/callback';
