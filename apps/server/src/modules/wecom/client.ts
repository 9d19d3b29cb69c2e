import type { WecomConfig } from '../../config.js';

/** A WeCom answer that was not a success: errcode and errmsg as WeCom gave them (0 never). */
export class WecomApiError extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeCom ${errcode}: ${errmsg}`);
  }
}

/** WeCom could not be reached or answered something that is not its JSON. */
export class WecomUnreachable extends Error {}

/** WeCom's codes for an access token that is no longer good: fetch a new one and call once more. */
const STALE_TOKEN = new Set([40014, 42001]);
/** Tokens and tickets are dropped five minutes before WeCom says they end. */
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;

interface Kept {
  value: string;
  until: number;
}

/**
 * WeCom's server API for the self-built app: the access token, the corp's JS-SDK ticket, the app's
 * `agent_config` ticket (each kept until shortly before it expires; WeCom limits how often they may
 * be fetched) and the member behind an OAuth code. Kept per process: every process may hold its own
 * valid token, which WeCom allows.
 */
export class WecomClient {
  private token: Kept | undefined;
  private readonly tickets = new Map<'jsapi' | 'agent', Kept>();
  private pending = new Map<string, Promise<string>>();

  constructor(
    readonly config: WecomConfig,
    private readonly now: () => number = Date.now,
  ) {}

  private async get<T>(path: string, query: Record<string, string>): Promise<T> {
    let body: (T & { errcode?: number; errmsg?: string }) | undefined;
    try {
      const res = await fetch(`${this.config.apiBase}${path}?${new URLSearchParams(query)}`, {
        signal: AbortSignal.timeout(10_000),
      });
      body = (await res.json()) as T & { errcode?: number; errmsg?: string };
    } catch {
      throw new WecomUnreachable();
    }
    if (typeof body !== 'object' || body === null) throw new WecomUnreachable();
    if (body.errcode) throw new WecomApiError(body.errcode, String(body.errmsg ?? ''));
    return body;
  }

  /** One fetch at a time per kind: requests arriving together share it instead of each fetching. */
  private once(key: string, fetcher: () => Promise<string>): Promise<string> {
    const running = this.pending.get(key);
    if (running) return running;
    const started = fetcher().finally(() => this.pending.delete(key));
    this.pending.set(key, started);
    return started;
  }

  private accessToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return Promise.resolve(this.token.value);
    return this.once('token', async () => {
      const got = await this.get<{ access_token: string; expires_in: number }>('/cgi-bin/gettoken', {
        corpid: this.config.corpId,
        corpsecret: this.config.secret,
      });
      this.token = { value: got.access_token, until: this.now() + got.expires_in * 1000 - EXPIRY_MARGIN_MS };
      return got.access_token;
    });
  }

  /** A call with the access token; a token WeCom no longer accepts is replaced once. */
  private async withToken<T>(path: string, query: Record<string, string>): Promise<T> {
    try {
      return await this.get<T>(path, { access_token: await this.accessToken(), ...query });
    } catch (e) {
      if (!(e instanceof WecomApiError) || !STALE_TOKEN.has(e.errcode)) throw e;
      this.token = undefined;
      this.tickets.clear();
      return this.get<T>(path, { access_token: await this.accessToken(), ...query });
    }
  }

  private ticket(kind: 'jsapi' | 'agent'): Promise<string> {
    const kept = this.tickets.get(kind);
    if (kept && kept.until > this.now()) return Promise.resolve(kept.value);
    return this.once(kind, async () => {
      const got =
        kind === 'jsapi'
          ? await this.withToken<{ ticket: string; expires_in: number }>('/cgi-bin/get_jsapi_ticket', {})
          : await this.withToken<{ ticket: string; expires_in: number }>('/cgi-bin/ticket/get', {
              type: 'agent_config',
            });
      this.tickets.set(kind, { value: got.ticket, until: this.now() + got.expires_in * 1000 - EXPIRY_MARGIN_MS });
      return got.ticket;
    });
  }

  /** The corp's ticket for `wx.config`. */
  jsApiTicket(): Promise<string> {
    return this.ticket('jsapi');
  }

  /** The app's ticket for `wx.agentConfig`. */
  agentTicket(): Promise<string> {
    return this.ticket('agent');
  }

  /**
   * The member of the corp behind an OAuth code (snsapi_base), or null when the person is not a
   * member (WeCom answers an openid for them instead of a userid).
   */
  async memberOfCode(code: string): Promise<string | null> {
    const got = await this.withToken<{ userid?: string; UserId?: string }>('/cgi-bin/auth/getuserinfo', { code });
    return got.userid ?? got.UserId ?? null;
  }

  /** WeCom's authorization page for this app, coming back to `redirectUri` with a code and the state. */
  authorizeUrl(redirectUri: string, state: string): string {
    const q = new URLSearchParams({
      appid: this.config.corpId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_base',
      state,
      agentid: this.config.agentId,
    });
    return `${this.config.oauthBase}/connect/oauth2/authorize?${q}#wechat_redirect`;
  }

  /**
   * WeCom's web login page (扫码登录) for this app: it shows a QR code the member scans with WeCom's
   * app, then comes back to `redirectUri` with a code (the same member look-up as OAuth) and the state.
   */
  qrLoginUrl(redirectUri: string, state: string): string {
    const q = new URLSearchParams({
      login_type: 'CorpApp',
      appid: this.config.corpId,
      agentid: this.config.agentId,
      redirect_uri: redirectUri,
      state,
    });
    return `${this.config.loginBase}/wwlogin/sso/login?${q}`;
  }
}
