import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DialectName } from '../db/dialect.js';
import type { Database, UsersTable } from '../db/schema.js';
import type { Membership } from '../modules/engines/repository.js';

export interface AuthContext {
  user: UsersTable;
  /** The session's id; '' when the request came with an API token. */
  sessionId: string;
  /** Set when the request authenticated with an API token (`Authorization: Bearer …`). */
  token?: TokenAuth;
  /**
   * The membership of the team the engine-code header names (or of the remembered team), read with
   * the session in one statement; null: none. Undefined when not read (API tokens).
   */
  membership?: Membership | null;
  /** The engine-code header the membership above was read for (null: the remembered team). */
  membershipFor?: string | null;
}

/** An API token's reach: one team, some apps, read-only or not. */
export interface TokenAuth {
  id: string;
  engineCode: string;
  appCodes: string[];
  readOnly: boolean;
}

/** The team the request acts in, chosen by headers but only among the session user's memberships. */
export interface TenantContext {
  engineCode: string;
  corpId: string;
  memberId: string;
  role: 'owner' | 'admin' | 'member';
  engineShard: string;
  /** The team's IANA time zone (its local days); absent: Asia/Shanghai. */
  timeZone?: string;
  /**
   * The app role this request previews an app as (the preview header). Asking grants nothing:
   * resolveApp refuses it unless the member designs that app, and then only narrows their rights.
   */
  preview?: { appCode: string; roleKey: string };
}

/** What every module gets: configuration and the database. */
export interface Services {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint's auth (route.ts): the OpenAPI document's security comes from it. */
    auth?: 'none' | 'session' | 'optional';
    /** Whether an API token may call the route: 'read', 'write', or not at all (undefined). */
    token?: 'read' | 'write';
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    tenant: TenantContext | null;
  }
}
