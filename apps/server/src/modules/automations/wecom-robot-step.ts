import type { AutomationStep } from '@canopy/contract';
import { AppError } from '../../http/app-error.js';
import type { Reach } from '../../net/guard.js';
import { HttpStepError, sendRequest } from './http-step.js';
import type { StepEnv, StepResult } from './steps.js';
import { fillText } from './template.js';

type RobotStep = Extract<AutomationStep, { kind: 'wecomRobot' }>;

/** WeCom's limits on a robot message's content, in UTF-8 bytes. */
const BYTES = { text: 2048, markdown: 4096 } as const;
const KEY = /^[A-Za-z0-9-]{8,100}$/;

/**
 * The robot's key from what the designer pasted: the webhook address WeCom shows
 * (`…/cgi-bin/webhook/send?key=…`, on any host: a private WeCom deployment has its own), or the
 * key alone. Null when it is neither. The message always goes to the configured WeCom API
 * (WECOM_API_BASE), never to the pasted host: the step cannot be turned into a request elsewhere.
 */
export function robotKey(webhook: string): string | null {
  const text = webhook.trim();
  if (KEY.test(text)) return text;
  try {
    const url = new URL(text);
    const key = url.searchParams.get('key') ?? '';
    return /^https?:$/.test(url.protocol) && url.pathname.endsWith('/cgi-bin/webhook/send') && KEY.test(key)
      ? key
      : null;
  } catch {
    return null;
  }
}

/** A text cut to at most `max` UTF-8 bytes on a character boundary, marked with … when cut. */
export function cutBytes(text: string, max: number): string {
  if (Buffer.byteLength(text) <= max) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > max - 3) break;
    out += ch;
    bytes += n;
  }
  return `${out}…`;
}

/** The key as the run history shows it: enough to tell robots apart, not enough to post. */
const masked = (key: string) => `${key.slice(0, 4)}…${key.slice(-4)}`;

/**
 * 企业微信群机器人: the content (templates filled, cut to WeCom's limit) posted as text or markdown
 * to `<WECOM_API_BASE>/cgi-bin/webhook/send?key=…` through the HTTP step's request, so the shared
 * network guard decides the address. WeCom answers 200 with `errcode`; anything but 0 fails the
 * step with WeCom's `errmsg`. At least once, like every step with an outside effect.
 */
export async function wecomRobotStep(base: string, reach: Reach, step: RobotStep, env: StepEnv): Promise<StepResult> {
  const key = robotKey(step.webhook);
  if (!key) throw new AppError(400, 'automation.wecom', 'automation.badWecomWebhook');
  const content = cutBytes(fillText(step.content, env.scope), BYTES[step.msgType]);
  const body =
    step.msgType === 'text'
      ? { msgtype: 'text', text: { content, ...(step.mentionAll ? { mentioned_list: ['@all'] } : {}) } }
      : { msgtype: 'markdown', markdown: { content } };
  const input = { robot: masked(key), msgType: step.msgType, content, mentionAll: Boolean(step.mentionAll) };
  if (env.dryRun) return { input, output: { sent: false } };
  let answer: Awaited<ReturnType<typeof sendRequest>>;
  try {
    answer = await sendRequest(
      {
        method: 'POST',
        url: `${base}/cgi-bin/webhook/send?key=${encodeURIComponent(key)}`,
        headers: {},
        body,
        timeoutMs: 10_000,
      },
      reach,
    );
  } catch (e) {
    if (!(e instanceof HttpStepError)) throw e;
    throw e.refused
      ? new AppError(400, 'automation.wecom', 'automation.httpRefused')
      : new AppError(502, 'automation.wecom', 'automation.wecomFailed', { reason: e.message });
  }
  const reply = (answer.body && typeof answer.body === 'object' ? answer.body : {}) as {
    errcode?: unknown;
    errmsg?: unknown;
  };
  if (answer.status !== 200 || reply.errcode !== 0) {
    const reason = typeof reply.errmsg === 'string' ? `${reply.errcode} ${reply.errmsg}` : `HTTP ${answer.status}`;
    throw new AppError(502, 'automation.wecom', 'automation.wecomFailed', { reason: reason.slice(0, 200) });
  }
  return { input, output: { errcode: 0 } };
}
