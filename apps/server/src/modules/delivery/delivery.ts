import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/schema.js';

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
 * Outgoing mail and SMS. Mail goes through SMTP when SMTP_URL is set. SMS has no reachable gateway
 * in our deployments yet, so its default provider (and mail without SMTP) writes to the server log
 * and to the developer outbox that the instance administrator can read — an instance works with no
 * configuration at all.
 */
export class Delivery {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: Log,
    smtpUrl: string | undefined,
    private readonly from = 'Canopy <no-reply@canopy.local>',
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

  async sendSms(message: OutgoingMessage): Promise<void> {
    await this.toOutbox('sms', message);
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
