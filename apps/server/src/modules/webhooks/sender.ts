import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WebhookHeaders, WebhookLimits } from '@canopy/contract';
import { guardedLookup, type Reach, RefusedAddress, refusedLiteral } from '../../net/guard.js';

export interface SendResult {
  ok: boolean;
  status: number | null;
  error: string;
  durationMs: number;
  excerpt: string;
}

/**
 * Where deliveries go: public addresses only, or — when the instance allows private targets
 * (WEBHOOK_ALLOW_PRIVATE, → 0081) — private and loopback ones too.
 */
// Link-local and cloud-metadata addresses never, even on an intranet: a delivery's log shows the
// designer an excerpt of the answer, which would read a metadata service's secrets back.
export const webhookReach = (allowPrivate: boolean): Reach => (allowPrivate ? 'private' : 'public');

/** HMAC-SHA256 of `${timestamp}.${body}` with the hook's secret, hex: what a receiver recomputes. */
export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * One POST of a delivery: signed, no redirects followed, a 2xx answer within the timeout counts;
 * the connection goes only to an address the guard accepts (checked at connect time).
 */
export function send(
  target: string,
  secret: string,
  headers: { event: string; delivery: string },
  body: string,
  allowPrivate: boolean,
  now: number,
): Promise<SendResult> {
  const started = Date.now();
  const timestamp = Math.floor(now / 1000);
  return new Promise((resolve) => {
    const done = (r: Omit<SendResult, 'durationMs'>) => resolve({ ...r, durationMs: Date.now() - started });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return done({ ok: false, status: null, error: 'invalid URL', excerpt: '' });
    }
    const reach = webhookReach(allowPrivate);
    if (refusedLiteral(url, reach)) {
      return done({ ok: false, status: null, error: 'private address refused', excerpt: '' });
    }
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(reach),
        timeout: WebhookLimits.timeoutMs,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Canopy-Webhook/1',
          [WebhookHeaders.event]: headers.event,
          [WebhookHeaders.delivery]: headers.delivery,
          [WebhookHeaders.timestamp]: String(timestamp),
          [WebhookHeaders.signature]: signature(secret, timestamp, body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < WebhookLimits.excerptChars) text += chunk;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          done({
            ok: status >= 200 && status < 300,
            status,
            error: '',
            excerpt: text.slice(0, WebhookLimits.excerptChars),
          });
        });
        res.on('error', (e) => done({ ok: false, status: res.statusCode ?? null, error: e.message, excerpt: '' }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (e) =>
      done({
        ok: false,
        status: null,
        error: e instanceof RefusedAddress ? 'private address refused' : e.message.slice(0, 200),
        excerpt: '',
      }),
    );
    req.end(body);
  });
}
