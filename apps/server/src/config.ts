import path from 'node:path';

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
  logLevel: string;
  /** Where the built web app lives; absent in API-only tests. */
  webDist: string | undefined;
  /** Secure cookies when the public URL is https. */
  secureCookies: boolean;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
}

function flag(value: string | undefined): boolean {
  return value === '1' || value?.toLowerCase() === 'true' || value?.toLowerCase() === 'yes';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const publicUrl = env.PUBLIC_URL?.replace(/\/$/, '') || undefined;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    privateDeployment: flag(env.PRIVATE_DEPLOYMENT),
    rootDomain: env.ROOT_DOMAIN ?? '',
    cdnBase: env.CDN_BASE ?? '',
    smtpUrl: env.SMTP_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST === '' ? undefined : path.resolve(cwd, env.WEB_DIST ?? 'apps/web/dist'),
    secureCookies: publicUrl?.startsWith('https://') ?? false,
    trustProxy: flag(env.TRUST_PROXY),
  };
}
