import { createHmac, randomUUID } from 'node:crypto';

/**
 * What an SMS says: the text (the outbox and the log show it) and the template it is sent with —
 * Chinese SMS gateways send only templates their operator approved, filled with parameters.
 */
export type SmsTemplate =
  | { kind: 'code'; params: { code: string } }
  | { kind: 'invitation'; params: { inviter: string; corp: string; link: string } };

export interface SmsMessage {
  to: string;
  subject: string;
  text: string;
  template: SmsTemplate;
}

/** Where SMS goes: the developer outbox (the default) or a real gateway (SMS_PROVIDER). */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/** Aliyun SMS (阿里云短信服务, dysmsapi) as configured: SMS_PROVIDER=aliyun and the ALIYUN_SMS_* variables. */
export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature (签名) shown at the message's start. */
  signName: string;
  /** Approved template codes: a verification code (`${code}`), an invitation (`${inviter}`, `${corp}`, `${link}`). */
  templates: Record<SmsTemplate['kind'], string>;
  /** https://dysmsapi.aliyuncs.com; tests point it at a stand-in. */
  endpoint: string;
  regionId: string;
}

/** RFC 3986 encoding as Aliyun's RPC signature asks: only A–Z a–z 0–9 - _ . ~ stay; a space is %20. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Aliyun's RPC signature (SignatureMethod HMAC-SHA1, SignatureVersion 1.0): the parameters but
 * Signature sorted by name, each name and value percent-encoded and joined as a query string;
 * StringToSign = METHOD & percentEncode("/") & percentEncode(that query string); the signature is
 * base64 of HMAC-SHA1 with the AccessKey secret followed by "&" as the key.
 */
export function aliyunSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k] ?? '')}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** Aliyun SMS refused or could not take a message (its Code and Message, or the HTTP status). */
export class SmsFailed extends Error {}

/**
 * Sends through Aliyun SMS's SendSms (API version 2017-05-25): one POST of the signed parameters
 * as a form; the answer's Code is "OK" when the message was accepted.
 */
export class AliyunSms implements SmsProvider {
  readonly name = 'aliyun';

  constructor(
    private readonly config: AliyunSmsConfig,
    private readonly now: () => number = Date.now,
    private readonly timeoutMs = 10_000,
  ) {}

  /** The signed parameters of one message (without sending it). */
  request(message: SmsMessage): Record<string, string> {
    const params: Record<string, string> = {
      AccessKeyId: this.config.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.to,
      RegionId: this.config.regionId,
      SignName: this.config.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.config.templates[message.template.kind],
      TemplateParam: JSON.stringify(message.template.params),
      Timestamp: new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    params.Signature = aliyunSignature('POST', params, this.config.accessKeySecret);
    return params;
  }

  async send(message: SmsMessage): Promise<void> {
    const params = this.request(message);
    const body = Object.entries(params)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join('&');
    const res = await fetch(`${this.config.endpoint.replace(/\/+$/, '')}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    const answer = (await res.json().catch(() => null)) as { Code?: string; Message?: string } | null;
    if (!res.ok || answer?.Code !== 'OK')
      throw new SmsFailed(
        `Aliyun SMS refused the message: ${answer?.Code ?? `HTTP ${res.status}`} ${answer?.Message ?? ''}`.trim(),
      );
  }
}
