import Type, { type Static } from 'typebox';
import { Limits } from './limits.js';
import { TRANSPORT_HASH_PATTERN } from './password.js';

/** SMS / email code types, spec §3. */
export const CodeType = {
  login: 'LOGIN',
  register: 'REGISTER',
  resetPassword: 'RESET_PWD',
  updateMobile: 'UPDATE_MOBILE',
  updateEmail: 'UPDATE_EMAIL',
} as const;
export type CodeType = (typeof CodeType)[keyof typeof CodeType];
const CodeTypeSchema = Type.Union([
  Type.Literal('LOGIN'),
  Type.Literal('REGISTER'),
  Type.Literal('RESET_PWD'),
  Type.Literal('UPDATE_MOBILE'),
  Type.Literal('UPDATE_EMAIL'),
]);

/** Verification codes: 6 digits, 10 minutes, one use, void after 5 wrong tries (spec issue notes). */
export const VerificationCode = {
  digits: 6,
  ttlMs: 10 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 60_000,
  dailyPerTarget: 10,
  dailyPerAddress: 50,
} as const;

const Code = Type.String({ pattern: '^\\d{6}$' });
const OptionalCode = Type.Optional(Type.String({ maxLength: 6 }));

export const SendSmsCodeBody = Type.Object(
  { mobile: Type.String({ maxLength: 32 }), codeType: CodeTypeSchema },
  { additionalProperties: false },
);
export const SendEmailCodeBody = Type.Object(
  { email: Type.String({ maxLength: 254 }), codeType: CodeTypeSchema },
  { additionalProperties: false },
);
export const CodeSent = Type.Object({ resendAfterSeconds: Type.Integer() });

export const CheckCodeBody = Type.Object(
  { target: Type.String({ maxLength: 254 }), code: Code, codeType: CodeTypeSchema },
  { additionalProperties: false },
);

/**
 * Change password (spec §7). Either the current password, or a RESET_PWD code sent to the user's
 * mobile (`mobile` + `verifyCode`) or email (`email` + `verifyCode`). Passwords are transport-hashed.
 */
export const ChangePasswordBody = Type.Object(
  {
    mobile: Type.Optional(Type.String({ maxLength: 32 })),
    email: Type.Optional(Type.String({ maxLength: 254 })),
    verifyCode: OptionalCode,
    codeType: Type.Optional(CodeTypeSchema),
    password: Type.Optional(Type.String({ pattern: TRANSPORT_HASH_PATTERN })),
    newPassword: Type.String({ pattern: TRANSPORT_HASH_PATTERN }),
    repeatNewPassWord: Type.String({ pattern: TRANSPORT_HASH_PATTERN }),
  },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

/** Change mobile: `oldCode` proves the current mobile (when there is one), `code` the new one. */
export const ChangeMobileBody = Type.Object(
  { mobile: Type.String({ maxLength: 32 }), code: Code, codeType: CodeTypeSchema, oldCode: OptionalCode },
  { additionalProperties: false },
);
export const ChangeEmailBody = Type.Object(
  { email: Type.String({ maxLength: 254 }), code: Code, codeType: CodeTypeSchema, oldCode: OptionalCode },
  { additionalProperties: false },
);

export const UpdateProfileBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: Limits.userNameMax })),
    personalSignature: Type.Optional(Type.String({ maxLength: 120 })),
  },
  { additionalProperties: false },
);

/** Avatar upload as a data URL (PNG, JPEG, WebP or GIF), at most this many bytes once decoded. */
export const AVATAR_MAX_BYTES = 512 * 1024;
/**
 * The sizes the browser makes of a picked avatar: the largest avatar on screen is this many CSS
 * pixels, stored once at 1x and once at 2x for screens with a device pixel ratio above 1 (spec §9).
 */
export const AVATAR_SIZE_PX = 64;
const avatarDataUrl = Type.String({ maxLength: Math.ceil((AVATAR_MAX_BYTES * 4) / 3) + 100 });
export const UploadAvatarBody = Type.Object(
  {
    dataUrl: avatarDataUrl,
    /** The same image at double resolution, same type (served as `<avatarUrl name>@2x.<ext>`). */
    dataUrl2x: Type.Optional(avatarDataUrl),
  },
  { additionalProperties: false },
);
export const AvatarResult = Type.Object({ avatarUrl: Type.String() });

/** Phone masking, spec §5: first 3 and last 3 digits shown. */
export function maskMobile(mobile: string): string {
  if (mobile.length <= 6) return mobile;
  return `${mobile.slice(0, 3)}${'*'.repeat(mobile.length - 6)}${mobile.slice(-3)}`;
}

/**
 * A WeChat binding QR code: `url` is what the code encodes (the official account's QR link, or on an
 * instance without one the developer provider's link on this server), valid until `expiresAt`.
 */
export const WechatQrCode = Type.Object({
  url: Type.String(),
  expiresAt: Type.Integer(),
  /** The developer provider: the link is also in the developer outbox, where the instance admin opens it. */
  developer: Type.Boolean(),
});
export type WechatQrCode = Static<typeof WechatQrCode>;
