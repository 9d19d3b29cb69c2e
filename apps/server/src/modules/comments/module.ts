import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppRepository } from '../apps/repository.js';
import type { Letters } from '../notices/letters.js';
import type { RecordQueryService } from '../records/query-service.js';
import type { RecordRepository } from '../records/repository.js';
import { RecordReach } from './reach.js';
import { CommentRepository } from './repository.js';
import { CommentService } from './service.js';

/** The comments module wired (app.ts adds its created-hooks: webhooks, automations). */
export function createComments(
  db: Kysely<Database>,
  apps: AppRepository,
  queries: RecordQueryService,
  records: RecordRepository,
  letters: Letters,
): CommentService {
  return new CommentService(
    db,
    new CommentRepository(db),
    queries,
    records,
    new RecordReach(db, apps, queries, records),
    letters,
  );
}
