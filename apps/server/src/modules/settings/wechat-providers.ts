import { createHash } from 'node:crypto';
import { ErrorCode } from '@canopy/contract';
import type { WechatConfig } from '../../config.js';
import { AppError } from '../../http/app-error.js';
import type { Delivery } from '../delivery/delivery.js';

/** Where a binding QR code comes from: the official account, or the developer stand-in. */
export interface WechatQrProvider {
  readonly developer: boolean;
  /** The link the QR code encodes for this one-time scene. */
  qrLink(scene: string, expiresInSeconds: number, forWhom: string): Promise<string>;
}

export const DEV_SCAN_PATH = '/v1/user/wechat/dev/scan';

/**
 * Without an official account (like SMS without a gateway): the QR code encodes a link on this server.
 * The link also goes to the developer outbox; the instance administrator opening it plays the part of
 * WeChat and completes the binding as a stand-in WeChat user.
 */
export class DeveloperWechat implements WechatQrProvider {
  readonly developer = true;
  constructor(
    private readonly baseUrl: string,
    private readonly delivery: Delivery,
  ) {}

  async qrLink(scene: string, _expiresInSeconds: number, forWhom: string): Promise<string> {
    const link = `${this.baseUrl}${DEV_SCAN_PATH}?scene=${scene}`;
    await this.delivery.toOutbox('wechat', {
      to: forWhom,
      subject: '微信绑定二维码（开发者模式）',
      text: `打开此链接即模拟微信扫码，完成绑定：${link}`,
    });
    return link;
  }
}

/**
 * The official account's API: an access token (kept until shortly before it expires) and a temporary
 * QR code with a string scene. The code's scan comes back as an event to the callback route.
 */
export class OfficialAccountWechat implements WechatQrProvider {
  readonly developer = false;
  private token: { value: string; until: number } | undefined;

  constructor(
    private readonly config: WechatConfig,
    private readonly now: () => number = Date.now,
  ) {}

  private async call<T>(path: string, init?: RequestInit): Promise<T> {
    let body: (T & { errcode?: number }) | undefined;
    try {
      const res = await fetch(`${this.config.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
      body = (await res.json()) as T & { errcode?: number };
    } catch {
      body = undefined;
    }
    if (!body || (body.errcode !== undefined && body.errcode !== 0)) {
      throw new AppError(502, ErrorCode.internal, 'wechat.unavailable');
    }
    return body;
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    const q = new URLSearchParams({
      grant_type: 'client_credential',
      appid: this.config.appId,
      secret: this.config.appSecret,
    });
    const got = await this.call<{ access_token: string; expires_in: number }>(`/cgi-bin/token?${q}`);
    this.token = { value: got.access_token, until: this.now() + (got.expires_in - 300) * 1000 };
    return got.access_token;
  }

  async qrLink(scene: string, expiresInSeconds: number): Promise<string> {
    const token = await this.accessToken();
    const created = await this.call<{ ticket: string; url: string }>(
      `/cgi-bin/qrcode/create?access_token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          expire_seconds: expiresInSeconds,
          action_name: 'QR_STR_SCENE',
          action_info: { scene: { scene_str: scene } },
        }),
      },
    );
    return created.url;
  }
}

/** WeChat signs callbacks with sha1 of the sorted token, timestamp and nonce. */
export function wechatSignatureOk(
  token: string,
  q: { signature?: string; timestamp?: string; nonce?: string },
): boolean {
  if (!token || !q.signature || !q.timestamp || !q.nonce) return false;
  const expected = createHash('sha1').update([token, q.timestamp, q.nonce].sort().join('')).digest('hex');
  return expected === q.signature;
}

/** The fields of a scan event (XML from WeChat); the scene of a "subscribe" carries a qrscene_ prefix. */
export function parseScanEvent(xml: string): { openId: string; scene: string } | null {
  const field = (name: string) =>
    xml
      .match(new RegExp(`<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`))
      ?.slice(1)
      .find((v) => v !== undefined) ?? '';
  const event = field('Event').toLowerCase();
  const openId = field('FromUserName');
  const key = field('EventKey');
  if (!openId || (event !== 'subscribe' && event !== 'scan')) return null;
  const scene = event === 'subscribe' ? key.replace(/^qrscene_/, '') : key;
  return scene ? { openId, scene } : null;
}
