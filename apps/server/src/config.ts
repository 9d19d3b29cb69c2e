import path from 'node:path';
import { ApiTokenLimits, AutomationLimits } from '@canopy/contract';
import type { PasswordHashing } from './modules/account/passwords.js';
import type { AliyunSmsConfig } from './modules/delivery/sms.js';
import type { S3Config } from './storage/store.js';

/** Everything the server reads from the environment, in one place (documented in README.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  privateDeployment: boolean;
  rootDomain: string;
  cdnBase: string;
  smtpUrl: string | undefined;
  /** SMS_PROVIDER=aliyun: Aliyun SMS with the ALIYUN_SMS_* settings; unset (outbox): the developer outbox. */
  aliyunSms: AliyunSmsConfig | undefined;
  logLevel: string;
  /** Where the built web app lives; absent in API-only tests. */
  webDist: string | undefined;
  /** Secure cookies when the public URL is https. */
  secureCookies: boolean;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  /**
   * CSP frame-ancestors sources: the sites allowed to show the app in a frame (a DingTalk, Feishu
   * or WeCom workbench). Empty: only this site.
   */
  frameAncestors: string[];
  /**
   * The WeChat official account that binding QR codes belong to. Without it the developer provider
   * stands in (QR links land in the developer outbox).
   */
  wechat: WechatConfig | undefined;
  /**
   * Webhook deliveries may go to private, loopback and link-local addresses (WEBHOOK_ALLOW_PRIVATE;
   * on by default in a private deployment, which needs its intranet).
   */
  webhooksAllowPrivate: boolean;
  /**
   * Argon2id's cost for stored passwords (PASSWORD_HASHING): `standard` unless set; `fast` is for
   * test runs only (modules/account/passwords.ts), and the server warns when it starts with it.
   */
  passwordHashing: PasswordHashing;
  /** Requests per API token per minute (API_TOKEN_RATE_LIMIT). */
  apiTokenRatePerMinute: number;
  /**
   * Keep table metadata per team and version (schema-context/cache.ts); METADATA_CACHE=off reads it
   * per request as before, only to measure the cache (bench/).
   */
  metadataCache: boolean;
  /**
   * How long a job (an import) stays with its process without a heartbeat (JOB_LEASE_SECONDS,
   * default 30): after a crash, another process takes the job up this long after the last beat.
   */
  jobLeaseMs: number;
  /** Uploads and import sheets in an S3-compatible bucket (S3_BUCKET …); absent: DATA_DIR. */
  s3: S3Config | undefined;
  /**
   * Automations' per-team quotas (AUTOMATION_RUNS_PER_DAY, AUTOMATION_CONCURRENT_RUNS; defaults in
   * the contract's AutomationLimits): runs started per day of the team's time zone, runs at once.
   */
  automationQuotas: AutomationQuotas;
  /** Sign-in with the company's OpenID Connect provider; absent unless OIDC_ISSUER is set. */
  oidc: OidcConfig | undefined;
  /**
   * The key data sources' passwords and tokens are encrypted with (DATASOURCE_KEY: 32 bytes as 64 hex
   * characters or base64, or any passphrase, hashed to 32 bytes). Absent: a fallback derived from
   * DATA_DIR, with a warning at start — set it in production.
   */
  datasourceKey: string | undefined;
  /**
   * Data sources may reach loopback and private addresses (DATASOURCE_ALLOW_PRIVATE; on by default in
   * a private deployment, whose databases are on its intranet, as for webhooks). Link-local and cloud
   * metadata addresses never, nor the instance's own database.
   */
  datasourceAllowPrivate: boolean;
  /** The team's WeCom (企业微信) self-built app: sign-in inside WeCom, binding, JS-SDK tickets. */
  wecom: WecomConfig | undefined;
  /**
   * WeCom's server API for group robots (automations' 企业微信群机器人 step): WECOM_API_BASE, set or
   * not with the self-built app (a robot needs no corp credentials). Tests point it at a stand-in.
   */
  wecomRobotBase: string;
}

export interface WecomConfig {
  /** The WeCom corp id (ww…) and the self-built app's agent id and secret. */
  corpId: string;
  agentId: string;
  secret: string;
  /** WeCom's server API (tests point it at a stand-in started inside the test). */
  apiBase: string;
  /** Where WeCom's OAuth page lives (the browser is sent there inside the WeCom client). */
  oauthBase: string;
  /** Where WeCom's web login (扫码登录: a QR code the member scans with WeCom) lives, for other browsers. */
  loginBase: string;
}

export interface OidcConfig {
  /** The provider's issuer URL (discovery reads `<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** The team (engine code) a first sign-in joins as a member; '' joins none. */
  teamCode: string;
  /** The login page's button text; '' uses the product's own. */
  label: string;
}

export interface WechatConfig {
  appId: string;
  appSecret: string;
  /** The token set in the official account's server settings: signs its event callbacks. */
  token: string;
  /** The official-account API (a stand-in in tests). */
  apiBase: string;
}

function flag(value: string | undefined): boolean {
  return value === '1' || value?.toLowerCase() === 'true' || value?.toLowerCase() === 'yes';
}

const CSP_KEYWORDS = new Set(['self', 'none']);

/**
 * FRAME_ANCESTORS: CSP sources separated by spaces or commas, e.g. `https://*.dingtalk.com
 * https://*.feishu.cn`. `self` and `none` may be written without their quotes. A value that is not
 * a scheme, host or keyword stops the start (a typo must not silently allow every site).
 */
export function parseFrameAncestors(value: string | undefined): string[] {
  const sources = (value ?? '').split(/[\s,]+/).filter(Boolean);
  return sources.map((source) => {
    const bare = source.replace(/^'(.*)'$/, '$1').toLowerCase();
    if (CSP_KEYWORDS.has(bare)) return `'${bare}'`;
    if (/^([a-z][a-z0-9+.-]*:|([a-z][a-z0-9+.-]*:\/\/)?(\*\.)?[a-z0-9.-]+(:(\d+|\*))?(\/[^\s;,']*)?)$/i.test(source))
      return source;
    throw new Error(`FRAME_ANCESTORS: "${source}" is not a CSP source (e.g. https://*.dingtalk.com)`);
  });
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const publicUrl = env.PUBLIC_URL?.replace(/\/$/, '') || undefined;
  // The origin check and the CSP compare with it: a value that is not an address must stop the start.
  if (publicUrl && !/^https?:\/\/[^/]+/i.test(publicUrl))
    throw new Error(`PUBLIC_URL must be an http(s) address, got ${env.PUBLIC_URL}`);
  const tokenRate = Number(env.API_TOKEN_RATE_LIMIT ?? ApiTokenLimits.defaultRatePerMinute);
  if (!Number.isInteger(tokenRate) || tokenRate < 1)
    throw new Error(`API_TOKEN_RATE_LIMIT must be a positive whole number, got ${env.API_TOKEN_RATE_LIMIT}`);
  const passwordHashing = env.PASSWORD_HASHING ?? 'standard';
  if (passwordHashing !== 'standard' && passwordHashing !== 'fast')
    throw new Error(`PASSWORD_HASHING must be standard or fast, got ${env.PASSWORD_HASHING}`);
  const jobLease = Number(env.JOB_LEASE_SECONDS ?? 30);
  if (!Number.isFinite(jobLease) || jobLease < 1)
    throw new Error(`JOB_LEASE_SECONDS must be a number of seconds (1 or more), got ${env.JOB_LEASE_SECONDS}`);
  return {
    apiTokenRatePerMinute: tokenRate,
    passwordHashing,
    metadataCache: env.METADATA_CACHE !== 'off',
    jobLeaseMs: Math.round(jobLease * 1000),
    s3: s3Config(env),
    automationQuotas: {
      runsPerDay: positive(env, 'AUTOMATION_RUNS_PER_DAY', AutomationLimits.runsPerDay),
      concurrentRuns: positive(env, 'AUTOMATION_CONCURRENT_RUNS', AutomationLimits.concurrentRuns),
    },
    webhooksAllowPrivate:
      env.WEBHOOK_ALLOW_PRIVATE === undefined ? flag(env.PRIVATE_DEPLOYMENT) : flag(env.WEBHOOK_ALLOW_PRIVATE),
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    privateDeployment: flag(env.PRIVATE_DEPLOYMENT),
    rootDomain: env.ROOT_DOMAIN ?? '',
    cdnBase: env.CDN_BASE ?? '',
    smtpUrl: env.SMTP_URL || undefined,
    aliyunSms: smsConfig(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST === '' ? undefined : path.resolve(cwd, env.WEB_DIST ?? 'apps/web/dist'),
    secureCookies: publicUrl?.startsWith('https://') ?? false,
    trustProxy: flag(env.TRUST_PROXY),
    frameAncestors: parseFrameAncestors(env.FRAME_ANCESTORS),
    wechat:
      env.WECHAT_APP_ID && env.WECHAT_APP_SECRET
        ? {
            appId: env.WECHAT_APP_ID,
            appSecret: env.WECHAT_APP_SECRET,
            token: env.WECHAT_TOKEN ?? '',
            apiBase: (env.WECHAT_API_BASE || 'https://api.weixin.qq.com').replace(/\/$/, ''),
          }
        : undefined,
    oidc: parseOidc(env),
    wecom: parseWecom(env),
    wecomRobotBase: httpBase(env, 'WECOM_API_BASE', 'https://qyapi.weixin.qq.com'),
    datasourceKey: env.DATASOURCE_KEY || undefined,
    datasourceAllowPrivate:
      env.DATASOURCE_ALLOW_PRIVATE === undefined ? flag(env.PRIVATE_DEPLOYMENT) : flag(env.DATASOURCE_ALLOW_PRIVATE),
  };
}

/** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (all three, or none), OIDC_SCOPE, OIDC_TEAM, OIDC_LABEL. */
function parseOidc(env: NodeJS.ProcessEnv): OidcConfig | undefined {
  const issuer = env.OIDC_ISSUER?.trim();
  if (!issuer) return undefined;
  if (!/^https?:\/\/[^/]+/i.test(issuer)) throw new Error(`OIDC_ISSUER must be an http(s) address, got ${issuer}`);
  const clientId = env.OIDC_CLIENT_ID?.trim();
  const clientSecret = env.OIDC_CLIENT_SECRET ?? '';
  if (!clientId || !clientSecret)
    throw new Error('OIDC_ISSUER is set: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are needed too');
  return {
    issuer,
    clientId,
    clientSecret,
    scope: env.OIDC_SCOPE?.trim() || 'openid profile email',
    teamCode: env.OIDC_TEAM?.trim() ?? '',
    label: env.OIDC_LABEL?.trim() ?? '',
  };
}

/**
 * WECOM_CORP_ID, WECOM_AGENT_ID, WECOM_SECRET (all three, or none), WECOM_API_BASE, WECOM_OAUTH_BASE,
 * WECOM_LOGIN_BASE.
 */
function parseWecom(env: NodeJS.ProcessEnv): WecomConfig | undefined {
  const corpId = env.WECOM_CORP_ID?.trim();
  if (!corpId) return undefined;
  const agentId = env.WECOM_AGENT_ID?.trim();
  const secret = env.WECOM_SECRET ?? '';
  if (!agentId || !secret) throw new Error('WECOM_CORP_ID is set: WECOM_AGENT_ID and WECOM_SECRET are needed too');
  const base = (name: string, fallback: string) => httpBase(env, name, fallback);
  return {
    corpId,
    agentId,
    secret,
    apiBase: base('WECOM_API_BASE', 'https://qyapi.weixin.qq.com'),
    oauthBase: base('WECOM_OAUTH_BASE', 'https://open.weixin.qq.com'),
    loginBase: base('WECOM_LOGIN_BASE', 'https://login.work.weixin.qq.com'),
  };
}

/** An http(s) base address from the environment, without a trailing slash (a bad one stops the start). */
function httpBase(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = (env[name]?.trim() || fallback).replace(/\/$/, '');
  if (!/^https?:\/\/[^/]+/i.test(value)) throw new Error(`${name} must be an http(s) address, got ${value}`);
  return value;
}

function smsConfig(env: NodeJS.ProcessEnv): AliyunSmsConfig | undefined {
  const provider = env.SMS_PROVIDER || 'outbox';
  if (provider === 'outbox') return undefined;
  if (provider !== 'aliyun') throw new Error(`SMS_PROVIDER must be outbox or aliyun, got ${provider}`);
  const need = (name: string) => {
    const value = env[name] ?? '';
    if (!value) throw new Error(`SMS_PROVIDER=aliyun needs ${name}`);
    return value;
  };
  const endpoint = env.ALIYUN_SMS_ENDPOINT || 'https://dysmsapi.aliyuncs.com';
  if (!/^https?:\/\//.test(endpoint))
    throw new Error(`ALIYUN_SMS_ENDPOINT must be an http(s) address, got ${endpoint}`);
  return {
    accessKeyId: need('ALIYUN_SMS_ACCESS_KEY_ID'),
    accessKeySecret: need('ALIYUN_SMS_ACCESS_KEY_SECRET'),
    signName: need('ALIYUN_SMS_SIGN_NAME'),
    templates: { code: need('ALIYUN_SMS_TEMPLATE_CODE'), invitation: need('ALIYUN_SMS_TEMPLATE_INVITATION') },
    endpoint,
    regionId: env.ALIYUN_SMS_REGION || 'cn-hangzhou',
  };
}

function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if (!accessKeyId || !secretAccessKey) throw new Error('S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint))
    throw new Error(`S3_ENDPOINT must be an http(s) address, got ${endpoint}`);
  return { bucket: env.S3_BUCKET, endpoint, region: env.S3_REGION || 'us-east-1', accessKeyId, secretAccessKey };
}

/** Per-team automation quotas (config.automationQuotas). */
export interface AutomationQuotas {
  runsPerDay: number;
  concurrentRuns: number;
}

/** A whole number of 1 or more from the environment, or the default when unset. */
function positive(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number (1 or more), got ${raw}`);
  return n;
}
