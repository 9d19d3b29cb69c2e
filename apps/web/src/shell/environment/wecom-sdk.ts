import { versionAtLeast, WECOM_MIN_VERSION, WecomEndpoints } from '@canopy/contract';
import { call } from '../api/client';
import { weComVersion } from './user-agent';

/**
 * The WeCom JS-SDK (jweixin + jwxwork), loaded only inside WeCom when a WeCom function is first used.
 * `wx.config` is signed with the corp ticket and `wx.agentConfig` with the app's ticket (spec §3 WeCom
 * ticket); the signature is SHA-1 over the ticket, a nonce, the time and this page's address, computed
 * here as WeCom documents it.
 */
const SDK_SCRIPTS = [
  'https://res.wx.qq.com/open/js/jweixin-1.2.0.js',
  'https://open.work.weixin.qq.com/wwopen/js/jwxwork-1.0.0.js',
];

interface WxCallbacks {
  success?: (res: unknown) => void;
  fail?: (res: { errMsg?: string }) => void;
}
interface Wx {
  config(options: Record<string, unknown>): void;
  ready(fn: () => void): void;
  error(fn: (res: { errMsg?: string }) => void): void;
  agentConfig(options: Record<string, unknown> & WxCallbacks): void;
  invoke(name: string, args: Record<string, unknown>, callback: (res: { err_msg?: string }) => void): void;
}

/** A WeCom client older than the JS-SDK calls we use (spec §8: an alert asking to upgrade). */
export class WecomTooOld extends Error {
  constructor(readonly version: string) {
    super(`WeCom ${version} < ${WECOM_MIN_VERSION}`);
  }
}

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) return resolve();
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.appendChild(script);
  });
}

async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function signature(ticket: string, nonceStr: string, timestamp: number, url: string): Promise<string> {
  return sha1Hex(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${url}`);
}

let ready: Promise<Wx> | null = null;

/**
 * The configured SDK, once per page (a failed attempt is forgotten so the next click tries again).
 * Throws WecomTooOld before loading anything on a client too old for it.
 */
export function wecomSdk(jsApiList: string[]): Promise<Wx> {
  const version = weComVersion();
  if (!versionAtLeast(version, WECOM_MIN_VERSION)) return Promise.reject(new WecomTooOld(version || '?'));
  ready ??= configure(jsApiList).catch((e: unknown) => {
    ready = null;
    throw e;
  });
  return ready;
}

async function configure(jsApiList: string[]): Promise<Wx> {
  const [tickets] = await Promise.all([
    call(WecomEndpoints.agentTicket, { errors: 'inline' }),
    ...SDK_SCRIPTS.map(loadScript),
  ]);
  const wx = (window as unknown as { wx?: Wx }).wx;
  if (!wx) throw new Error('WeCom JS-SDK missing');
  // The page's address without its fragment, exactly as WeCom checks it.
  const url = window.location.href.split('#')[0] ?? '';
  const timestamp = Math.floor(Date.now() / 1000);
  const nonceStr = crypto.randomUUID().replaceAll('-', '');
  await new Promise<void>((resolve, reject) => {
    wx.ready(resolve);
    wx.error((res) => reject(new Error(res.errMsg ?? 'wx.config failed')));
    void signature(tickets.ticket, nonceStr, timestamp, url).then((sig) =>
      wx.config({
        beta: true,
        debug: false,
        appId: tickets.wecomCorpId,
        timestamp,
        nonceStr,
        signature: sig,
        jsApiList,
      }),
    );
  });
  const agentSignature = await signature(tickets.agentTicket, nonceStr, timestamp, url);
  await new Promise<void>((resolve, reject) =>
    wx.agentConfig({
      corpid: tickets.wecomCorpId,
      agentid: tickets.agentId,
      timestamp,
      nonceStr,
      signature: agentSignature,
      jsApiList,
      success: () => resolve(),
      fail: (res) => reject(new Error(res.errMsg ?? 'wx.agentConfig failed')),
    }),
  );
  return wx;
}

/** Forwards a link of this product to a WeCom chat the member picks. */
export async function shareToWecom(message: { title: string; desc: string; link: string }): Promise<void> {
  const wx = await wecomSdk(['shareAppMessage']);
  await new Promise<void>((resolve, reject) =>
    wx.invoke('shareAppMessage', { ...message, imgUrl: `${window.location.origin}/favicon.svg` }, (res) => {
      const outcome = res.err_msg ?? '';
      if (outcome.endsWith(':ok') || outcome.endsWith(':cancel')) resolve();
      else reject(new Error(outcome || 'shareAppMessage failed'));
    }),
  );
}
