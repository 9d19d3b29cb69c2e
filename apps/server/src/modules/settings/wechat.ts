import { createHash, randomBytes } from 'node:crypto';
import { ErrorCode, type WechatQrCode } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { WechatQrProvider } from './wechat-providers.js';

/** How long a binding QR code can be scanned. */
export const WECHAT_QR_TTL_SECONDS = 600;

/**
 * WeChat binding (spec §7): a one-time scene per QR code; the scan (WeChat's event, or the developer
 * stand-in) binds the account to that WeChat user; the account settings poll bind/check; unbind
 * removes it. One WeChat user binds at most one account.
 */
export class WechatBinding {
  constructor(
    private readonly db: Kysely<Database>,
    readonly provider: WechatQrProvider,
    private readonly now: () => number = Date.now,
  ) {}

  async qrCode(user: UsersTable): Promise<WechatQrCode> {
    const scene = randomBytes(16).toString('hex');
    const now = this.now();
    const expiresAt = now + WECHAT_QR_TTL_SECONDS * 1000;
    await this.db.deleteFrom('wechat_bind_scenes').where('expires_at', '<', now).execute();
    await this.db
      .insertInto('wechat_bind_scenes')
      .values({ scene, user_id: user.id, created_at: now, expires_at: expiresAt, used_at: null })
      .execute();
    const url = await this.provider.qrLink(scene, WECHAT_QR_TTL_SECONDS, user.mobile ?? user.email ?? user.user_name);
    return { url, expiresAt, developer: this.provider.developer };
  }

  bound(user: UsersTable): boolean {
    return Boolean(user.wechat_open_id);
  }

  async unbind(user: UsersTable): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ wechat_open_id: null, wechat_open_name: null, updated_at: this.now() })
      .where('id', '=', user.id)
      .execute();
  }

  /** A scan of a scene: binds its account to this WeChat user. Answers the bound account's id. */
  async completeScan(scene: string, openId: string, openName: string): Promise<string> {
    const now = this.now();
    return this.db.transaction().execute(async (trx) => {
      // Claimed by a conditional update, so two scans of one code bind once.
      const claimed = await trx
        .updateTable('wechat_bind_scenes')
        .set({ used_at: now })
        .where('scene', '=', scene)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('user_id')
        .executeTakeFirst();
      if (!claimed) throw new AppError(410, ErrorCode.badRequest, 'wechat.sceneExpired');
      const holder = await trx.selectFrom('users').select('id').where('wechat_open_id', '=', openId).executeTakeFirst();
      if (holder && holder.id !== claimed.user_id) throw new AppError(409, ErrorCode.conflict, 'wechat.boundElsewhere');
      await trx
        .updateTable('users')
        .set({ wechat_open_id: openId, wechat_open_name: openName, updated_at: now })
        .where('id', '=', claimed.user_id)
        .execute();
      return claimed.user_id;
    });
  }

  /** The developer stand-in's WeChat user for a scene: one fixed pretend openid per account. */
  async developerScan(scene: string): Promise<string> {
    const row = await this.db
      .selectFrom('wechat_bind_scenes')
      .select('user_id')
      .where('scene', '=', scene)
      .executeTakeFirst();
    const openId = `dev-${createHash('sha256')
      .update(row?.user_id ?? scene)
      .digest('hex')
      .slice(0, 24)}`;
    const openName = `微信用户${openId.slice(-4).toUpperCase()}`;
    await this.completeScan(scene, openId, openName);
    return openName;
  }
}

/** Names shown for WeChat users of real scans (WeChat no longer gives nicknames to official accounts). */
export function officialOpenName(openId: string): string {
  return `微信用户${openId.slice(-4)}`;
}
