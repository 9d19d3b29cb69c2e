import { AutomationLimits } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { AutomationQuotas } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Reach } from '../../net/guard.js';
import type { AppRepository } from '../apps/repository.js';
import type { MailQueue } from '../delivery/mail-queue.js';
import type { Letters } from '../notices/letters.js';
import type { RecordRepository } from '../records/repository.js';
import type { RecordService } from '../records/service.js';
import type { SchemaContexts } from '../schema-context/context.js';
import { WorkflowContexts } from '../workflow/contexts.js';
import { AutomationButtons } from './buttons.js';
import { DateTriggers } from './date-trigger.js';
import { Effects } from './effects.js';
import { AutomationEvents } from './events.js';
import { AutomationRepository } from './repository.js';
import { AutomationRunner } from './runner.js';
import { AutomationService } from './service.js';
import { StepKinds } from './steps.js';

export interface Automations {
  service: AutomationService;
  events: AutomationEvents;
  runner: AutomationRunner;
  /** What each step does (app.ts hands it the workflow's start path). */
  kinds: StepKinds;
  repo: AutomationRepository;
  /** Buttons on records: listed for and pressed by the members who see them. */
  buttons: AutomationButtons;
  /** Date-relative triggers' plans. */
  dates: DateTriggers;
  /** The effects flows' automatic nodes share with automation steps. */
  effects: Effects;
}

/** The automations module wired (app.ts registers its routes, hooks and schedule). */
export function createAutomations(deps: {
  db: Kysely<Database>;
  apps: AppRepository;
  records: RecordService;
  recordRepo: RecordRepository;
  letters: Letters;
  jobs: JobQueue;
  reach: Reach;
  mail: MailQueue;
  /** WeCom's API for group robots (WECOM_API_BASE). */
  wecomRobotBase?: string;
  schemaContexts: SchemaContexts;
  /** Per-team quotas (config.ts; AutomationLimits when absent). */
  quotas?: AutomationQuotas;
  now?: () => number;
}): Automations {
  const now = deps.now ?? Date.now;
  const quotas = deps.quotas ?? {
    runsPerDay: AutomationLimits.runsPerDay,
    concurrentRuns: AutomationLimits.concurrentRuns,
  };
  const repo = new AutomationRepository(deps.db);
  const contexts = new WorkflowContexts(deps.db);
  const effects = new Effects(deps.records, deps.letters);
  const kinds = new StepKinds(effects, deps.records, contexts, deps.reach, deps.mail, deps.wecomRobotBase);
  const events = new AutomationEvents(deps.db, repo, deps.recordRepo, deps.records, contexts, deps.jobs, quotas, now);
  events.dates = new DateTriggers(
    deps.db,
    repo,
    deps.records,
    contexts,
    deps.jobs,
    (trx, a, e, depth) => events.queue(trx, a, e, depth),
    now,
  );
  const runner = new AutomationRunner(deps.db, repo, kinds, contexts, deps.jobs, quotas, now);
  const service = new AutomationService(
    deps.db,
    repo,
    deps.apps,
    events,
    kinds,
    deps.records,
    contexts,
    deps.jobs,
    now,
  );
  const buttons = new AutomationButtons(deps.db, repo, deps.schemaContexts, deps.records, events, now);
  return { service, events, runner, kinds, repo, effects, dates: events.dates, buttons };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Automations (tests fire due schedules and look at runs directly). */
    automations: Automations;
  }
}
