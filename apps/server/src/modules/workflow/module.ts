import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RecordService } from '../records/service.js';
import type { SchemaContexts } from '../schema-context/context.js';
import { WorkflowAnalyticsService } from './analytics.js';
import { Automation } from './automation.js';
import { WorkflowContexts } from './contexts.js';
import { DeadlineRunner } from './deadline-runner.js';
import { syncTimers } from './deadlines.js';
import { DelegationRepository } from './delegation-repository.js';
import { DelegationService } from './delegations.js';
import { WorkflowDesign } from './design-service.js';
import { DirectoryRepository } from './directory-repository.js';
import type { FlowNotify } from './flow-hooks.js';
import type { FlowDeps } from './flow-run.js';
import { InstanceActions } from './instance-actions.js';
import { ItemActions } from './item-actions.js';
import type { WorkflowOps } from './ops-routes.js';
import { ParticipantResolver } from './participants.js';
import { FlowPaths } from './path-service.js';
import { WorkflowRepository } from './repository.js';
import type { WorkflowServices } from './routes.js';
import { TimerRepository } from './timer-repository.js';
import { type TablePresenter, WorkflowViews } from './view-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Fires due node deadlines (main.ts runs it on an interval; tests call it with a later clock). */
    workflowDeadlines: DeadlineRunner;
  }
}

/** The workflow module's services wired together (app.ts registers its routes and hooks). */
export function createWorkflow(
  db: Kysely<Database>,
  schemaContexts: SchemaContexts,
  records: RecordService,
  notify: FlowNotify,
  now: () => number = Date.now,
  present?: TablePresenter,
): WorkflowServices & { ops: WorkflowOps; deadlines: DeadlineRunner } {
  const repo = new WorkflowRepository(db);
  const directory = new DirectoryRepository(db);
  const contexts = new WorkflowContexts(db);
  const timers = new TimerRepository(db);
  const delegations = new DelegationRepository(db);
  const deps: FlowDeps = {
    db,
    repo,
    records,
    contexts,
    automation: new Automation(records, contexts, directory),
    resolve: new ParticipantResolver(directory).resolve,
    hooks: {
      delegateOf: (trx, engineCode, memberId, at, task) => delegations.delegateOf(trx, engineCode, memberId, at, task),
      afterPersist: (trx, instance, graph, at) => syncTimers(timers, trx, instance, graph, at),
      notify,
    },
    now,
  };
  const views = new WorkflowViews(deps, schemaContexts, present);
  const itemsAt = (clock: () => number) =>
    new ItemActions({ ...deps, now: clock }, views, (engineCode, ids, trx) =>
      directory.activeMembers(engineCode, ids, trx),
    );
  const items = itemsAt(now);
  const instances = new InstanceActions(deps, views, items, schemaContexts);
  return {
    design: new WorkflowDesign(deps, schemaContexts),
    items,
    instances,
    views,
    paths: new FlowPaths(deps, schemaContexts, views),
    ops: {
      delegations: new DelegationService(db, delegations, directory, repo, now),
      analytics: new WorkflowAnalyticsService(db, repo, schemaContexts, now),
    },
    deadlines: new DeadlineRunner(deps, itemsAt, timers),
  };
}
