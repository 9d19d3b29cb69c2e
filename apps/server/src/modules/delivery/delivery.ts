import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/schema.js';
import type { SmsMessage, SmsProvider } from './sms.js';

export interface OutgoingMessage {
  to: string;
  subject: string;
  text: string;
}

interface Log {
  info: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
}

/**
 * Outgoing mail and SMS. Mail goes through SMTP when SMTP_URL is set. SMS goes through the provider
 * SMS_PROVIDER names (sms.ts: `aliyun`, Aliyun SMS with its ALIYUN_SMS_* settings); by default, and
 * for mail without SMTP, messages are written to the server log and to the developer outbox that the
 * instance administrator can read — an instance works with no configuration at all.
 */
export class Delivery {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Log,
    smtpUrl: string | undefined,
    private readonly from = 'Canopy <no-reply@canopy.local>',
    /** A real SMS gateway; absent: the developer outbox. */
    private readonly sms?: SmsProvider,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  }

  get smtpConfigured(): boolean {
    return this.transport !== undefined;
  }

  async sendMail(message: OutgoingMessage): Promise<void> {
    if (!this.transport) {
      await this.toOutbox('email', message);
      return;
    }
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
    this.log.info({ to: message.to, subject: message.subject }, 'mail sent');
  }

  async sendSms(message: SmsMessage): Promise<void> {
    if (!this.sms) {
      await this.toOutbox('sms', message);
      return;
    }
    try {
      await this.sms.send(message);
    } catch (err) {
      this.log.error({ err, to: message.to, provider: this.sms.name }, 'SMS not sent');
      throw err;
    }
    this.log.info({ to: message.to, provider: this.sms.name, template: message.template.kind }, 'SMS sent');
  }

  /** Also the developer stand-ins' way out (the WeChat binding link). */
  async toOutbox(channel: 'email' | 'sms' | 'wechat', message: OutgoingMessage): Promise<void> {
    await this.db
      .insertInto('dev_outbox')
      .values({ channel, target: message.to, subject: message.subject, body: message.text, created_at: Date.now() })
      .execute();
    this.log.info({ channel, to: message.to, subject: message.subject }, 'message written to the developer outbox');
  }

  listOutbox(limit = 50) {
    return this.db.selectFrom('dev_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
  }
}
