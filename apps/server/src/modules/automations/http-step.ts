import http from 'node:http';
import https from 'node:https';
import { AutomationLimits } from '@canopy/contract';
import { guardedLookup, type Reach, RefusedAddress, refusedLiteral } from '../../net/guard.js';

export interface HttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  timeoutMs: number;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  /** JSON when the answer says so and parses, otherwise its text (cut at httpBodyMax). */
  body: unknown;
}

/** Why a request got no answer: the guard refused the address, or the network or the clock did. */
export class HttpStepError extends Error {
  constructor(
    readonly refused: boolean,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * One HTTP request of an automation step: the connection goes only to an address the net guard
 * accepts for `reach` (checked when connecting, so a name resolving to a private address is refused
 * too), no redirects are followed, and the whole exchange ends at the timeout. Any status is an
 * answer (later steps may branch on it); no answer is an error.
 */
export function sendRequest(req: HttpRequest, reach: Reach): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return reject(new HttpStepError(false, 'invalid URL'));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return reject(new HttpStepError(false, 'invalid URL'));
    if (refusedLiteral(url, reach)) return reject(new HttpStepError(true, 'private address refused'));
    const hasBody = req.body !== undefined && req.body !== null && req.method !== 'GET';
    const payload = hasBody ? JSON.stringify(req.body) : undefined;
    const client = url.protocol === 'https:' ? https : http;
    const out = client.request(
      url,
      {
        method: req.method,
        lookup: guardedLookup(reach),
        headers: {
          'user-agent': 'Canopy-Automation/1',
          ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
          ...req.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (text.length < AutomationLimits.httpBodyMax) text += chunk;
        });
        res.on('end', () => {
          clearTimeout(timer);
          text = text.slice(0, AutomationLimits.httpBodyMax);
          let body: unknown = text;
          if (/json/i.test(String(res.headers['content-type'] ?? ''))) {
            try {
              body = JSON.parse(text);
            } catch {
              body = text;
            }
          }
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') headers[k] = v;
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
        res.on('error', (e) => reject(new HttpStepError(false, e.message.slice(0, 200))));
      },
    );
    // The whole exchange, not only a silent socket, ends at the timeout.
    const timer = setTimeout(() => out.destroy(new Error('timeout')), req.timeoutMs);
    out.on('error', (e) => {
      clearTimeout(timer);
      reject(
        e instanceof RefusedAddress
          ? new HttpStepError(true, 'private address refused')
          : new HttpStepError(false, e.message.slice(0, 200)),
      );
    });
    out.end(payload);
  });
}
