import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WecomConfig } from '../src/config.js';

/**
 * A stand-in for WeCom's servers, run inside the test: the API (gettoken, the JS-SDK tickets,
 * getuserinfo), the OAuth page and the web login's QR page, which send the browser straight back
 * with a code naming the member the test chose — what WeCom does for a signed-in or scanning member.
 */
export interface WecomServer {
  config: WecomConfig;
  /** The WeCom member the next OAuth round signs in as; null: a non-member (WeCom answers an openid). */
  nextMember: string | null;
  /** How many times each API path was called. */
  calls: Map<string, number>;
  /** Makes WeCom refuse the current access token once (as after a secret change). */
  expireToken(): void;
  /** Makes the API unreachable (connection refused) until restored. */
  down: boolean;
  close(): Promise<void>;
}

export async function startWecomServer(): Promise<WecomServer> {
  const corpId = 'ww-test-corp';
  const secret = 'wecom-secret';
  let tokenSeq = 0;
  let validToken = '';
  const codes = new Map<string, string | null>();
  const state: WecomServer = {
    config: { corpId, agentId: '1000002', secret, apiBase: '', oauthBase: '', loginBase: '' },
    nextMember: 'zhangsan',
    calls: new Map(),
    expireToken: () => {
      validToken = '';
    },
    down: false,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const json = (res: http.ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://wecom');
    const q = url.searchParams;
    if (state.down) {
      req.socket.destroy();
      return;
    }
    state.calls.set(url.pathname, (state.calls.get(url.pathname) ?? 0) + 1);
    if (url.pathname === '/connect/oauth2/authorize') {
      const redirect = new URL(q.get('redirect_uri') ?? '');
      if (q.get('appid') !== corpId || q.get('scope') !== 'snsapi_base' || q.get('agentid') !== '1000002') {
        res.writeHead(400).end('bad authorize request');
        return;
      }
      const code = `code-${codes.size + 1}`;
      codes.set(code, state.nextMember);
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: redirect.toString() }).end();
      return;
    }
    // The web login (扫码登录): the QR page, answered as if the chosen member had scanned it.
    if (url.pathname === '/wwlogin/sso/login') {
      const redirect = new URL(q.get('redirect_uri') ?? '');
      if (q.get('login_type') !== 'CorpApp' || q.get('appid') !== corpId || q.get('agentid') !== '1000002') {
        res.writeHead(400).end('bad login request');
        return;
      }
      const code = `qr-code-${codes.size + 1}`;
      codes.set(code, state.nextMember);
      redirect.searchParams.set('code', code);
      redirect.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: redirect.toString() }).end();
      return;
    }
    if (url.pathname === '/cgi-bin/gettoken') {
      if (q.get('corpid') !== corpId || q.get('corpsecret') !== secret)
        return json(res, { errcode: 40001, errmsg: 'invalid credential' });
      tokenSeq += 1;
      validToken = `token-${tokenSeq}`;
      return json(res, { errcode: 0, errmsg: 'ok', access_token: validToken, expires_in: 7200 });
    }
    if (q.get('access_token') !== validToken || !validToken)
      return json(res, { errcode: 42001, errmsg: 'access_token expired' });
    if (url.pathname === '/cgi-bin/get_jsapi_ticket')
      return json(res, { errcode: 0, errmsg: 'ok', ticket: `corp-ticket-${tokenSeq}`, expires_in: 7200 });
    if (url.pathname === '/cgi-bin/ticket/get' && q.get('type') === 'agent_config')
      return json(res, { errcode: 0, errmsg: 'ok', ticket: `agent-ticket-${tokenSeq}`, expires_in: 7200 });
    if (url.pathname === '/cgi-bin/auth/getuserinfo') {
      const code = q.get('code') ?? '';
      if (!codes.has(code)) return json(res, { errcode: 40029, errmsg: 'invalid code' });
      const member = codes.get(code);
      codes.delete(code);
      return json(res, member ? { errcode: 0, errmsg: 'ok', userid: member } : { errcode: 0, openid: 'o-ext' });
    }
    json(res, { errcode: 404, errmsg: 'unknown call' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.config.apiBase = base;
  state.config.oauthBase = base;
  state.config.loginBase = base;
  return state;
}
