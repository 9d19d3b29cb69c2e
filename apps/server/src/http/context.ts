import type { Kysely } from 'kysely';
import type { Config } from '../config.js';
import type { DialectName } from '../db/dialect.js';
import type { Database, UsersTable } from '../db/schema.js';

export interface AuthContext {
  user: UsersTable;
  sessionId: string;
}

/** The team the request acts in, chosen by headers but only among the session user's memberships. */
export interface TenantContext {
  engineCode: string;
  corpId: string;
  memberId: string;
  role: 'owner' | 'admin' | 'member';
  engineShard: string;
}

/** What every module gets: configuration and the database. */
export interface Services {
  config: Config;
  db: Kysely<Database>;
  dialect: DialectName;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    tenant: TenantContext | null;
  }
}
