import {
  accountKind,
  type BasicUser,
  type ChangePasswordBody,
  CodeType,
  ErrorCode,
  type Language,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { AppError, Errors, FieldValidationError } from '../../http/app-error.js';
import { Passwords } from '../account/passwords.js';
import { toBasicUser } from '../account/service.js';
import type { AvatarStore } from './avatars.js';
import type { VerificationCodes } from './codes.js';

type Channel = 'mobile' | 'email';

function normalize(channel: Channel, raw: string, field: string): string {
  const value = raw.trim();
  if (accountKind(value) !== channel) throw new FieldValidationError([{ field, key: 'validate.pattern' }]);
  return channel === 'email' ? value.toLowerCase() : value;
}

/** Account settings: codes, password, mobile, email, profile, avatar. Every rule checked here. */
export class SettingsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly codes: VerificationCodes,
    private readonly avatars: AvatarStore,
    private readonly passwords: Passwords = new Passwords(),
    private readonly now: () => number = Date.now,
  ) {}

  private async ownerOf(channel: Channel, value: string): Promise<UsersTable | undefined> {
    return this.db.selectFrom('users').selectAll().where(channel, '=', value).executeTakeFirst();
  }

  async sendCode(
    user: UsersTable | null,
    channel: Channel,
    raw: string,
    codeType: CodeType,
    ip: string,
    lang: Language,
  ): Promise<number> {
    const target = normalize(channel, raw, channel);
    const owner = await this.ownerOf(channel, target);
    switch (codeType) {
      case CodeType.updateMobile:
      case CodeType.updateEmail:
        if (!user) throw Errors.unauthorized();
        // Either proving the current one, or claiming a new one nobody else has.
        if (owner && owner.id !== user.id) throw new AppError(409, ErrorCode.conflict, `${channel}.taken`);
        break;
      case CodeType.resetPassword:
        if (user && user[channel] !== target) throw new AppError(403, ErrorCode.forbidden, 'account.notYours');
        // Signed out ("forgot password"): answer the same whether or not the account exists.
        if (!owner) return 60;
        break;
      case CodeType.register:
        if (owner) throw new AppError(409, ErrorCode.accountExists, 'account.exists');
        break;
      case CodeType.login:
        if (!owner) return 60;
        break;
    }
    return this.codes.send(channel === 'email' ? 'email' : 'sms', target, codeType, ip, lang);
  }

  async checkCode(target: string, code: string, codeType: CodeType): Promise<boolean> {
    const value = target.includes('@') ? target.trim().toLowerCase() : target.trim();
    await this.codes.verify(value, codeType, code, 'code', false);
    return true;
  }

  /** Proof by current password or by a RESET_PWD code; then every other session of the user ends. */
  async changePassword(user: UsersTable, sessionId: string, body: ChangePasswordBody): Promise<void> {
    if (body.newPassword !== body.repeatNewPassWord) {
      throw new FieldValidationError([{ field: 'repeatNewPassWord', key: 'password.mismatch' }]);
    }
    if (body.verifyCode) {
      const channel: Channel = body.email ? 'email' : 'mobile';
      const target = normalize(channel, body.email ?? body.mobile ?? '', channel);
      if (user[channel] !== target) throw new AppError(403, ErrorCode.forbidden, 'account.notYours');
      await this.codes.verify(target, CodeType.resetPassword, body.verifyCode, 'verifyCode', true);
    } else if (body.password) {
      if (!(await this.passwords.verify(user.password_hash, body.password))) {
        throw new FieldValidationError([{ field: 'password', key: 'password.wrong' }]);
      }
    } else {
      throw new FieldValidationError([{ field: 'password', key: 'password.proofRequired' }]);
    }
    const passwordHash = await this.passwords.hash(body.newPassword);
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: now })
        .where('id', '=', user.id)
        .execute();
      await trx
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', user.id)
        .where('id', '!=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    });
  }

  /** New mobile or email: a code to the new one, and (when there is one) a code to the current one. */
  async changeContact(
    user: UsersTable,
    channel: Channel,
    raw: string,
    code: string,
    oldCode: string | undefined,
  ): Promise<BasicUser> {
    const target = normalize(channel, raw, channel);
    const codeType = channel === 'mobile' ? CodeType.updateMobile : CodeType.updateEmail;
    const owner = await this.ownerOf(channel, target);
    if (owner && owner.id !== user.id) throw new AppError(409, ErrorCode.conflict, `${channel}.taken`);
    const current = user[channel];
    if (current && current !== target) {
      if (!oldCode) throw new FieldValidationError([{ field: 'oldCode', key: 'validate.required' }]);
      await this.codes.verify(current, codeType, oldCode, 'oldCode', false);
    }
    await this.codes.verify(target, codeType, code, 'code', false);
    // Both proofs hold: use them up, then write.
    if (current && current !== target && oldCode) await this.codes.verify(current, codeType, oldCode, 'oldCode', true);
    await this.codes.verify(target, codeType, code, 'code', true);
    await this.db
      .updateTable('users')
      .set({ [channel]: target, updated_at: this.now() })
      .where('id', '=', user.id)
      .execute();
    return toBasicUser({ ...user, [channel]: target });
  }

  async updateProfile(user: UsersTable, input: { name?: string; personalSignature?: string }): Promise<BasicUser> {
    const name = input.name?.trim();
    if (input.name !== undefined && !name)
      throw new FieldValidationError([{ field: 'name', key: 'validate.required' }]);
    const patch = {
      ...(name ? { user_name: name } : {}),
      ...(input.personalSignature !== undefined ? { personal_signature: input.personalSignature.trim() } : {}),
    };
    if (Object.keys(patch).length) {
      await this.db
        .updateTable('users')
        .set({ ...patch, updated_at: this.now() })
        .where('id', '=', user.id)
        .execute();
    }
    return toBasicUser({ ...user, ...patch });
  }

  async uploadAvatar(user: UsersTable, dataUrl: string, dataUrl2x?: string): Promise<string> {
    const saved = await this.avatars.save(user.id, dataUrl, dataUrl2x);
    if ('invalid' in saved) throw new FieldValidationError([{ field: saved.invalid, key: 'avatar.invalid' }]);
    const { url } = saved;
    await this.db
      .updateTable('users')
      .set({ avatar_url: url, updated_at: this.now() })
      .where('id', '=', user.id)
      .execute();
    await this.avatars.remove(user.avatar_url);
    return url;
  }

  async resetAvatar(user: UsersTable): Promise<string> {
    await this.db
      .updateTable('users')
      .set({ avatar_url: '', updated_at: this.now() })
      .where('id', '=', user.id)
      .execute();
    await this.avatars.remove(user.avatar_url);
    return '';
  }
}
