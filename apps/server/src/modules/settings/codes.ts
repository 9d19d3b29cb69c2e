import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { type CodeType, ErrorCode, formatMessage, type Language, VerificationCode } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { Delivery } from '../delivery/delivery.js';

const DAY = 24 * 60 * 60_000;

function digest(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`).digest('hex');
}

/**
 * Verification codes: 6 random digits, valid 10 minutes, used once, stored salted and hashed, void
 * after 5 wrong tries; one send per target per minute and daily caps per target and per address.
 */
export class VerificationCodes {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly delivery: Delivery,
    private readonly now: () => number = Date.now,
  ) {}

  async send(
    channel: 'sms' | 'email',
    target: string,
    codeType: CodeType,
    ip: string,
    lang: Language,
  ): Promise<number> {
    const now = this.now();
    const latest = await this.db
      .selectFrom('verification_codes')
      .select('created_at')
      .where('target', '=', target)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (latest && now - latest.created_at < VerificationCode.resendAfterMs) {
      const seconds = Math.ceil((VerificationCode.resendAfterMs - (now - latest.created_at)) / 1000);
      throw new AppError(429, ErrorCode.rateLimited, 'code.tooSoon', { seconds }, 'BIZ', { retryAfter: seconds });
    }
    const [perTarget, perAddress] = await Promise.all([
      this.countSince('target', target, now - DAY),
      this.countSince('ip', ip, now - DAY),
    ]);
    if (perTarget >= VerificationCode.dailyPerTarget || perAddress >= VerificationCode.dailyPerAddress) {
      throw new AppError(429, ErrorCode.rateLimited, 'code.dailyCap');
    }
    const code = String(randomInt(0, 10 ** VerificationCode.digits)).padStart(VerificationCode.digits, '0');
    const salt = randomBytes(8).toString('hex');
    await this.db
      .insertInto('verification_codes')
      .values({
        target,
        code_type: codeType,
        code_hash: digest(code, salt),
        salt,
        attempts: 0,
        expires_at: now + VerificationCode.ttlMs,
        consumed_at: null,
        ip: ip.slice(0, 64),
        created_at: now,
      })
      .execute();
    const message = {
      to: target,
      subject: formatMessage('code.subject', lang),
      text: formatMessage('code.body', lang, { code }),
    };
    if (channel === 'email') await this.delivery.sendMail(message);
    else await this.delivery.sendSms({ ...message, template: { kind: 'code', params: { code } } });
    return VerificationCode.resendAfterMs / 1000;
  }

  private async countSince(column: 'target' | 'ip', value: string, since: number): Promise<number> {
    const row = await this.db
      .selectFrom('verification_codes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(column, '=', value)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Checks the latest live code of a target and type. A wrong try counts (the fifth voids it); a
   * right one is used up when `consume` is set. `field` names the input in the error.
   */
  async verify(target: string, codeType: CodeType, code: string, field: string, consume: boolean): Promise<void> {
    const now = this.now();
    const row = await this.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('target', '=', target)
      .where('code_type', '=', codeType)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const expired = () => new FieldValidationError([{ field, key: 'code.expired' }]);
    if (!row || row.consumed_at || row.expires_at <= now || row.attempts >= VerificationCode.maxAttempts)
      throw expired();
    const expected = Buffer.from(row.code_hash, 'hex');
    const given = Buffer.from(digest(code, row.salt), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const attempts = row.attempts + 1;
      await this.db.updateTable('verification_codes').set({ attempts }).where('id', '=', row.id).execute();
      const left = VerificationCode.maxAttempts - attempts;
      throw left > 0 ? new FieldValidationError([{ field, key: 'code.wrong', params: { left } }]) : expired();
    }
    if (consume) {
      const used = await this.db
        .updateTable('verification_codes')
        .set({ consumed_at: now })
        .where('id', '=', row.id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      if (Number(used.numUpdatedRows) !== 1) throw expired();
    }
  }
}
