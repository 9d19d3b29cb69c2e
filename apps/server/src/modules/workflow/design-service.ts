import { randomBytes } from 'node:crypto';
import {
  defaultWorkflowDefinition,
  ErrorCode,
  formatMessage,
  type Language,
  type SaveWorkflowBody,
  type StartContext,
  type WorkflowDefinition,
  type WorkflowInfo,
  type WorkflowVersionDetail,
  type WorkflowVersionInfo,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, WorkflowsTable } from '../../db/schema.js';
import { AppError, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { requireEdit } from '../apps/access.js';
import { roleKeysOf } from '../apps/role-holders.js';
import { recordAudit, tableEntry } from '../audit/record.js';
import type { SchemaContext, SchemaContexts } from '../schema-context/context.js';
import { FlowGraph, structuralProblem } from './definition.js';
import { effectiveRules } from './field-rules.js';
import type { FlowDeps } from './flow-run.js';
import { publishProblems } from './publish-check.js';
import { choosable } from './view-service.js';

/** A new flow's name and nodes in the designer's language (they are stored as data). */
function defaults(lang: Language) {
  return {
    name: formatMessage('workflow.default.name', lang),
    definition: defaultWorkflowDefinition({
      start: formatMessage('workflow.default.start', lang),
      approve: formatMessage('workflow.default.approve', lang),
    }),
  };
}

/** Designing a table's flow: the draft, publishing checked versions, the history (the app's edit right). */
export class WorkflowDesign {
  constructor(
    private readonly deps: FlowDeps,
    private readonly schemaContexts: SchemaContexts,
  ) {}

  private async designable(tenant: TenantContext | null, adminHeader: boolean, appCode: string, schemaCode: string) {
    const ctx = await this.schemaContexts.context(tenant, appCode, schemaCode, adminHeader);
    requireEdit(ctx.access);
    return ctx;
  }

  private async info(ctx: SchemaContext, wf: WorkflowsTable | undefined, lang: Language): Promise<WorkflowInfo> {
    const versions = wf ? await this.versionList(ctx, wf.code) : [];
    const draft = wf ? (JSON.parse(wf.draft) as WorkflowDefinition) : defaults(lang).definition;
    const published = versions[0]
      ? await this.deps.repo.version(ctx.schema.engine_code, wf?.code ?? '', versions[0].version)
      : undefined;
    return {
      workflowCode: wf?.code ?? '',
      appCode: ctx.schema.app_code,
      schemaCode: ctx.schema.code,
      name: wf?.name ?? defaults(lang).name,
      draft,
      draftUpdatedAt: Number(wf?.draft_updated_at ?? 0),
      publishedVersion: wf?.published_version ?? 0,
      unpublishedChanges: !published || published.definition !== wf?.draft || published.name !== wf?.name,
      versions,
    };
  }

  private async versionList(ctx: SchemaContext, workflowCode: string): Promise<WorkflowVersionInfo[]> {
    const rows = await this.deps.repo.versions(ctx.schema.engine_code, workflowCode);
    return rows.map((r) => ({
      version: r.version,
      publishedAt: Number(r.published_at),
      publishedBy: r.published_by,
      publisherName: r.user_name ?? '',
    }));
  }

  async get(
    tenant: TenantContext | null,
    adminHeader: boolean,
    appCode: string,
    schemaCode: string,
    lang: Language = 'zh',
  ) {
    const ctx = await this.designable(tenant, adminHeader, appCode, schemaCode);
    return this.info(ctx, await this.deps.repo.workflowOf(ctx.schema.engine_code, ctx.schema.code), lang);
  }

  /** The table's flow row, created with the default draft the first time someone saves or publishes. */
  private async ensure(
    trx: Kysely<Database>,
    ctx: SchemaContext,
    memberId: string,
    lang: Language,
  ): Promise<WorkflowsTable> {
    const existing = await this.deps.repo.workflowOf(ctx.schema.engine_code, ctx.schema.code, trx);
    if (existing) return existing;
    const now = this.deps.now();
    const initial = defaults(lang);
    const row: WorkflowsTable = {
      code: `w${randomBytes(6).toString('hex')}`,
      engine_code: ctx.schema.engine_code,
      app_code: ctx.schema.app_code,
      schema_code: ctx.schema.code,
      name: initial.name,
      draft: JSON.stringify(initial.definition),
      draft_updated_by: memberId,
      draft_updated_at: now,
      published_version: 0,
      created_at: now,
    };
    await this.deps.repo.insertWorkflow(trx, row);
    return row;
  }

  /** Saving a draft never touches published versions, so running instances are not disturbed. */
  async saveDraft(
    tenant: TenantContext | null,
    adminHeader: boolean,
    appCode: string,
    schemaCode: string,
    body: SaveWorkflowBody,
    lang: Language = 'zh',
  ): Promise<WorkflowInfo> {
    const ctx = await this.designable(tenant, adminHeader, appCode, schemaCode);
    const problem = structuralProblem(body.definition);
    if (problem)
      throw new AppError(400, ErrorCode.validationFailed, 'workflow.draft.invalid', { detail: problem }, 'VALIDATION');
    const memberId = ctx.access.tenant.memberId;
    await this.deps.db.transaction().execute(async (trx) => {
      const wf = await this.ensure(trx, ctx, memberId, lang);
      const name = body.name?.trim() || wf.name;
      await this.deps.repo.saveDraft(trx, wf.code, name, JSON.stringify(body.definition), memberId, this.deps.now());
      const entry = tableEntry(ctx, 'workflow.design', { type: 'workflow', id: wf.code }, { detail: { name } });
      await recordAudit(trx, entry, this.deps.now());
    });
    return this.info(ctx, await this.deps.repo.workflowOf(ctx.schema.engine_code, ctx.schema.code), lang);
  }

  /**
   * Checks the draft and, if it passes, publishes it as the next version. Problems come back as
   * field errors whose `field` is the offending node's id.
   */
  async publish(
    tenant: TenantContext | null,
    adminHeader: boolean,
    appCode: string,
    schemaCode: string,
    lang: Language = 'zh',
  ): Promise<WorkflowVersionInfo> {
    const ctx = await this.designable(tenant, adminHeader, appCode, schemaCode);
    const memberId = ctx.access.tenant.memberId;
    const engineCtx = await this.deps.contexts.forEngine(ctx.access.tenant, appCode, schemaCode);
    const existing = await this.deps.repo.workflowOf(ctx.schema.engine_code, ctx.schema.code);
    const definition = existing ? (JSON.parse(existing.draft) as WorkflowDefinition) : defaults(lang).definition;
    const roles = await roleKeysOf(this.deps.db, ctx.schema.app_code);
    const problems = await publishProblems(
      definition,
      engineCtx,
      async (code) => {
        try {
          return await this.deps.contexts.forEngine(ctx.access.tenant, appCode, code);
        } catch {
          return null;
        }
      },
      roles,
    );
    if (problems.length) throw new FieldValidationError(problems);
    const now = this.deps.now();
    const version = await this.deps.db.transaction().execute(async (trx) => {
      const wf = await this.ensure(trx, ctx, memberId, lang);
      if (wf.draft !== JSON.stringify(definition) && existing)
        throw new AppError(409, ErrorCode.conflict, 'record.conflict');
      if (!(await this.deps.repo.claimVersion(trx, wf.code, wf.published_version)))
        throw new AppError(409, ErrorCode.conflict, 'record.conflict');
      const next = wf.published_version + 1;
      await this.deps.repo.insertVersion(trx, {
        workflow_code: wf.code,
        version: next,
        engine_code: wf.engine_code,
        name: wf.name,
        definition: wf.draft,
        published_by: memberId,
        published_at: now,
      });
      await recordAudit(
        trx,
        {
          engineCode: wf.engine_code,
          actorMemberId: memberId,
          action: 'workflow.publish',
          targetType: 'workflow',
          targetId: wf.code,
          appCode: ctx.schema.app_code,
          schemaCode: wf.schema_code,
          detail: { schemaCode: wf.schema_code, version: next },
        },
        now,
      );
      return next;
    });
    const names = await this.deps.repo.memberNames(ctx.schema.engine_code, [memberId]);
    return { version, publishedAt: now, publishedBy: memberId, publisherName: names.get(memberId) ?? '' };
  }

  async versions(tenant: TenantContext | null, adminHeader: boolean, appCode: string, schemaCode: string) {
    const ctx = await this.designable(tenant, adminHeader, appCode, schemaCode);
    const wf = await this.deps.repo.workflowOf(ctx.schema.engine_code, ctx.schema.code);
    return wf ? this.versionList(ctx, wf.code) : [];
  }

  async version(
    tenant: TenantContext | null,
    adminHeader: boolean,
    appCode: string,
    schemaCode: string,
    version: number,
  ): Promise<WorkflowVersionDetail> {
    const ctx = await this.designable(tenant, adminHeader, appCode, schemaCode);
    const wf = await this.deps.repo.workflowOf(ctx.schema.engine_code, ctx.schema.code);
    const row = wf
      ? (await this.deps.repo.versions(ctx.schema.engine_code, wf.code)).find((r) => r.version === version)
      : undefined;
    if (!row) throw new AppError(404, ErrorCode.notFound, 'workflow.versionNotFound');
    return {
      version: row.version,
      publishedAt: Number(row.published_at),
      publishedBy: row.published_by,
      publisherName: row.user_name ?? '',
      definition: JSON.parse(row.definition) as WorkflowDefinition,
    };
  }

  /** For a record form: is there a published flow, what may the originator fill, whom do they choose. */
  async startContext(
    tenant: TenantContext | null,
    adminHeader: boolean,
    appCode: string,
    schemaCode: string,
  ): Promise<StartContext> {
    const ctx = await this.schemaContexts.context(tenant, appCode, schemaCode, adminHeader);
    const wf = await this.deps.repo.workflowOf(ctx.schema.engine_code, ctx.schema.code);
    const row = wf?.published_version
      ? await this.deps.repo.version(wf.engine_code, wf.code, wf.published_version)
      : undefined;
    if (!wf || !row)
      return {
        published: false,
        workflowCode: wf?.code ?? '',
        workflowVersion: 0,
        fieldRules: {},
        chooseParticipants: [],
      };
    const graph = new FlowGraph(JSON.parse(row.definition) as WorkflowDefinition);
    const rules = effectiveRules(ctx, graph.start);
    return {
      published: true,
      workflowCode: wf.code,
      workflowVersion: row.version,
      fieldRules: Object.fromEntries(Object.entries(rules).filter(([, level]) => level !== 'hidden')),
      chooseParticipants: choosable(graph),
    };
  }
}
