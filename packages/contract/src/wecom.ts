import Type, { type Static } from 'typebox';

/**
 * WeCom (企业微信): sign-in inside the WeCom client through WeCom's OAuth, a member's binding of their
 * WeCom identity (made from the WeCom PC client), and the JS-SDK tickets the web app signs its
 * `wx.config` / `wx.agentConfig` with (spec §3 WeCom ticket, §7).
 */
export const WECOM_START_PATH = '/v1/auth/wecom/start';
export const WECOM_CALLBACK_PATH = '/v1/auth/wecom/callback';
/** `WECOM_START_PATH?purpose=login&mode=qr`: 扫码登录 in a browser outside WeCom (WeCom's QR web login). */
export const WECOM_QR_MODE = 'qr';

/** What a started WeCom OAuth round is for: signing in, or binding the signed-in account. */
export const WecomPurpose = { login: 'login', bind: 'bind' } as const;
export type WecomPurpose = (typeof WecomPurpose)[keyof typeof WecomPurpose];

/**
 * The oldest WeCom client whose JS-SDK has `wx.agentConfig` and the app-message share the product
 * uses; an older client gets the spec's "upgrade" alert instead of a call that silently fails.
 */
export const WECOM_MIN_VERSION = '3.0.24';

export const JsApiTicketQuery = Type.Object({ corpId: Type.String({ minLength: 1, maxLength: 64 }) });

/** Spec §7 GET /v1/wechat/jsapiticket: the corp's JS-SDK ticket and the WeCom corp id. */
export const JsApiTicket = Type.Object({ jsApiTicket: Type.String(), wxCorpId: Type.String() });
export type JsApiTicket = Static<typeof JsApiTicket>;

/** Spec §3 WeCom ticket: the corp ticket (wx.config), the app's ticket (wx.agentConfig), their ids. */
export const WecomTicket = Type.Object({
  ticket: Type.String(),
  agentTicket: Type.String(),
  wecomCorpId: Type.String(),
  agentId: Type.String(),
});
export type WecomTicket = Static<typeof WecomTicket>;

/** The signed-in account's WeCom binding (account settings). */
export const WecomBinding = Type.Object({
  /** WeCom sign-in is set up on this instance. */
  available: Type.Boolean(),
  /** The bound WeCom user id, '' when none. */
  wecomUserId: Type.String(),
});
export type WecomBinding = Static<typeof WecomBinding>;

/** Compares dotted versions ("3.0.24" < "3.1.2"); a missing part counts as 0. */
export function versionAtLeast(version: string, minimum: string): boolean {
  const a = version.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const b = minimum.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0;
  }
  return true;
}
