import { AccountSettingsEndpoints, type CodeType, hashPasswordForTransport } from '@canopy/contract';
import { call } from '../../../shell/api/client';

/**
 * Account-settings calls (spec §7 Account). Forms show their own errors (`inline`); passwords leave
 * the browser only as the transport hash (spec §5). None of these is about a team.
 */
const inline = { errors: 'inline', tenant: false } as const;

/**
 * The contract builds its code-type schema with `Type.Union(values.map(Type.Literal))`, which TypeBox
 * types as `never` (the mapped array is not a tuple); the runtime schema is right. Until the
 * contract lists the literals as a tuple, the value is passed through this one typed door.
 */
const wireCodeType = (codeType: CodeType): never => codeType as never;

export type Channel = 'mobile' | 'email';

export async function sendCode(channel: Channel, target: string, codeType: CodeType): Promise<number> {
  const result =
    channel === 'mobile'
      ? await call(AccountSettingsEndpoints.sendSmsCode, {
          body: { mobile: target, codeType: wireCodeType(codeType) },
          ...inline,
        })
      : await call(AccountSettingsEndpoints.sendEmailCode, {
          body: { email: target, codeType: wireCodeType(codeType) },
          ...inline,
        });
  return result.resendAfterSeconds;
}

export type PasswordProof =
  | { kind: 'password'; current: string }
  | { kind: Channel; target: string; code: string; codeType: CodeType };

export function changePassword(proof: PasswordProof, newPassword: string, repeat: string) {
  const proofBody =
    proof.kind === 'password'
      ? { password: hashPasswordForTransport(proof.current) }
      : {
          ...(proof.kind === 'mobile' ? { mobile: proof.target } : { email: proof.target }),
          verifyCode: proof.code,
          codeType: wireCodeType(proof.codeType),
        };
  return call(AccountSettingsEndpoints.changePassword, {
    body: {
      ...proofBody,
      newPassword: hashPasswordForTransport(newPassword),
      repeatNewPassWord: hashPasswordForTransport(repeat),
    },
    ...inline,
  });
}

export function changeContact(
  channel: Channel,
  input: { target: string; code: string; oldCode?: string | undefined; codeType: CodeType },
) {
  const rest = {
    code: input.code,
    codeType: wireCodeType(input.codeType),
    ...(input.oldCode ? { oldCode: input.oldCode } : {}),
  };
  return channel === 'mobile'
    ? call(AccountSettingsEndpoints.changeMobile, { body: { mobile: input.target, ...rest }, ...inline })
    : call(AccountSettingsEndpoints.changeEmail, { body: { email: input.target, ...rest }, ...inline });
}

export function updateProfile(input: { name?: string; personalSignature?: string }) {
  return call(AccountSettingsEndpoints.updateProfile, { body: input, ...inline });
}

/** The avatar at 1x and, when the browser could make it, at 2x (see avatarSizes). */
export function uploadAvatar(body: { dataUrl: string; dataUrl2x?: string }) {
  return call(AccountSettingsEndpoints.uploadAvatar, { body, ...inline });
}

export function resetAvatar() {
  return call(AccountSettingsEndpoints.resetAvatar, inline);
}

export function wechatQrCode() {
  return call(AccountSettingsEndpoints.wechatQrCode, inline);
}

export function wechatBindCheck() {
  return call(AccountSettingsEndpoints.wechatBindCheck, inline);
}

export function wechatUnbind() {
  return call(AccountSettingsEndpoints.wechatUnbind, inline);
}
