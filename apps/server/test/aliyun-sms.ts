import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the stand-in accepted, as Aliyun would have sent it. */
export interface AliyunSms {
  phone: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
}

/**
 * A stand-in for Aliyun SMS's SendSms endpoint (dysmsapi, RPC style, API 2017-05-25): it takes the
 * form POST, checks the common parameters and the HMAC-SHA1 signature as Aliyun documents it (its
 * own code, not the server's), a fresh SignatureNonce and a Timestamp near now, and answers as
 * Aliyun does: `{ Code: 'OK', … }`, `SignatureDoesNotMatch` (HTTP 400), or a refusal it was told to give.
 */
export async function startAliyunSms(accessKeyId: string, accessKeySecret: string) {
  const sent: AliyunSms[] = [];
  const problems: string[] = [];
  const nonces = new Set<string>();
  let refuseNext: string | null = null;
  // RFC 3986: only unreserved characters stay; a space is %20, never +.
  const enc = (s: string) =>
    encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      const answer = (status: number, body: Record<string, string>) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ RequestId: 'stand-in', ...body }));
      };
      const fail = (code: string, message: string) => {
        problems.push(`${code}: ${message}`);
        answer(400, { Code: code, Message: message });
      };
      if (req.method !== 'POST' || req.headers['content-type'] !== 'application/x-www-form-urlencoded')
        return fail('InvalidParameter', `${req.method} ${req.headers['content-type']}`);
      // Aliyun's encoding never writes '+' for a space, so plain percent-decoding reads it back.
      const params: Record<string, string> = {};
      for (const pair of raw.split('&')) {
        const [k = '', v = ''] = pair.split('=');
        params[decodeURIComponent(k)] = decodeURIComponent(v);
      }
      const expected = {
        Action: 'SendSms',
        Version: '2017-05-25',
        Format: 'JSON',
        SignatureMethod: 'HMAC-SHA1',
        SignatureVersion: '1.0',
        AccessKeyId: accessKeyId,
      };
      for (const [k, v] of Object.entries(expected))
        if (params[k] !== v) return fail('MissingParameter', `${k} is ${params[k]}, not ${v}`);
      const stamp = params.Timestamp ?? '';
      if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(stamp) || Math.abs(Date.parse(stamp) - Date.now()) > 15 * 60_000)
        return fail('InvalidTimeStamp.Format', stamp);
      const nonce = params.SignatureNonce ?? '';
      if (!nonce || nonces.has(nonce)) return fail('SignatureNonceUsed', nonce);
      nonces.add(nonce);
      const canonical = Object.keys(params)
        .filter((k) => k !== 'Signature')
        .sort()
        .map((k) => `${enc(k)}=${enc(params[k] as string)}`)
        .join('&');
      const stringToSign = `POST&${enc('/')}&${enc(canonical)}`;
      const signature = createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
      if (params.Signature !== signature) return fail('SignatureDoesNotMatch', 'Specified signature is not matched');
      if (refuseNext) {
        const code = refuseNext;
        refuseNext = null;
        return answer(200, { Code: code, Message: 'refused by the stand-in' });
      }
      sent.push({
        phone: params.PhoneNumbers ?? '',
        signName: params.SignName ?? '',
        templateCode: params.TemplateCode ?? '',
        params: JSON.parse(params.TemplateParam ?? '{}'),
      });
      answer(200, { Code: 'OK', Message: 'OK', BizId: `biz-${sent.length}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    problems,
    refuseNext(code: string) {
      refuseNext = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
