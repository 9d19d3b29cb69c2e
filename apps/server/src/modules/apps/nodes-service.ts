import { randomBytes } from 'node:crypto';
import type { FunctionNode } from '@canopy/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, FunctionNodesTable } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { moveHistoryEntries } from '../audit/history-entries.js';
import { recordAudit } from '../audit/record.js';
import { dropRollupsOf } from '../dashboards/rollup.js';
import { appError, nodeVisible, requireEdit, resolveApp, visibleTo } from './access.js';
import { nodeTree, toNode } from './node-tree.js';
import type { AppRepository } from './repository.js';

export function checkNodeName(raw: string): string {
  const name = raw.trim();
  if (!name) throw new FieldValidationError([{ field: 'displayName', key: 'node.nameEmpty' }]);
  if ([...name].length > 64) throw new FieldValidationError([{ field: 'displayName', key: 'validate.maxLength' }]);
  return name;
}

/**
 * An app's menu: groups at the top level holding tables, dashboards and custom pages. Order is kept
 * in sort keys; a move renumbers the siblings it touches in one statement.
 */
export class NodeService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AppRepository,
    /** Creates a data table's metadata and physical table in the node's own transaction. */
    private readonly onSchemaCreated: (trx: Kysely<Database>, node: FunctionNodesTable) => Promise<void>,
    private readonly now: () => number = Date.now,
  ) {}

  async list(tenant: TenantContext | null, appCode: string, adminHeader: boolean): Promise<FunctionNode[]> {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    let nodes = await this.repo.listNodes(access.app.code);
    // A custom page limited to other roles is refused to this member (403 page.noAccess): no menu item.
    if (!access.canEdit && nodes.some((r) => r.type === 'UserModule')) {
      const roles = await this.repo.pageRoles(access.tenant.engineCode, access.app.code);
      nodes = nodes.filter((r) => r.type !== 'UserModule' || visibleTo(roles.get(r.code) ?? [], access));
    }
    // Items the member's roles do not show are left out, like hidden ones (a group: with what it holds).
    if (access.nodes === null) return nodeTree(nodes, access.canEdit);
    // A group shows when it or something in it is shown.
    const shown = new Set(nodes.filter((n) => nodeVisible(access, n.code)).map((n) => n.code));
    for (const n of nodes) if (shown.has(n.code) && n.parent_code) shown.add(n.parent_code);
    return nodeTree(
      nodes.filter((n) => shown.has(n.code)),
      access.canEdit,
    );
  }

  private checkParent(nodes: FunctionNodesTable[], type: string, parentCode: string): void {
    if (!parentCode) return;
    const parent = nodes.find((n) => n.code === parentCode);
    if (!parent) throw appError(404, 'node.notFound');
    if (parent.type !== 'Group' || type === 'Group') throw appError(400, 'node.groupNesting');
  }

  async create(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    input: { parentCode?: string; type: string; tag?: string; displayName: string },
  ): Promise<FunctionNode> {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireEdit(access);
    const name = checkNodeName(input.displayName);
    const nodes = await this.repo.listNodes(appCode);
    const parentCode = input.parentCode ?? '';
    this.checkParent(nodes, input.type, parentCode);
    const siblings = nodes.filter((n) => n.parent_code === parentCode);
    const row: FunctionNodesTable = {
      code: `n${randomBytes(6).toString('hex')}`,
      app_code: appCode,
      engine_code: access.tenant.engineCode,
      parent_code: parentCode,
      type: input.type,
      tag: input.type === 'Schema' ? (input.tag ?? 'Normal') : '',
      display_name: name,
      sort_key: siblings.reduce((max, n) => Math.max(max, n.sort_key + 1), 0),
      created_at: this.now(),
      deleted_at: null,
      hidden: 0,
      url: '',
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('function_nodes').values(row).execute();
      if (row.type === 'Schema') await this.onSchemaCreated(trx, row);
    });
    return toNode(row);
  }

  /** Rename and/or move (to a group or the top level, at an index). Answers the whole menu tree. */
  async update(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    code: string,
    input: { displayName?: string; parentCode?: string; index?: number },
  ): Promise<FunctionNode[]> {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireEdit(access);
    const nodes = await this.repo.listNodes(appCode);
    const node = nodes.find((n) => n.code === code);
    if (!node) throw appError(404, 'node.notFound');
    await this.db.transaction().execute(async (trx) => {
      if (input.displayName !== undefined) {
        await trx
          .updateTable('function_nodes')
          .set({ display_name: checkNodeName(input.displayName) })
          .where('app_code', '=', appCode)
          .where('code', '=', code)
          .execute();
      }
      if (input.parentCode !== undefined || input.index !== undefined) {
        const parentCode = input.parentCode ?? node.parent_code;
        if (parentCode === code) throw appError(400, 'node.groupNesting');
        this.checkParent(nodes, node.type, parentCode);
        if (node.type === 'Group' && parentCode) throw appError(400, 'node.groupNesting');
        const siblings = nodes
          .filter((n) => n.parent_code === parentCode && n.code !== code)
          .sort((a, b) => a.sort_key - b.sort_key);
        const index = Math.min(input.index ?? siblings.length, siblings.length);
        const ordered = [...siblings.slice(0, index), node, ...siblings.slice(index)];
        await trx
          .updateTable('function_nodes')
          .set({
            parent_code: sql<string>`case when code = ${code} then ${parentCode} else parent_code end`,
            sort_key: sql<number>`case code ${sql.join(
              ordered.map((n, i) => sql`when ${n.code} then ${i}`),
              sql` `,
            )} else sort_key end`,
          })
          .where('app_code', '=', appCode)
          .where(
            'code',
            'in',
            ordered.map((n) => n.code),
          )
          .execute();
      }
    });
    return nodeTree(await this.repo.listNodes(appCode), true);
  }

  async remove(tenant: TenantContext | null, appCode: string, adminHeader: boolean, code: string): Promise<void> {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireEdit(access);
    const nodes = await this.repo.listNodes(appCode);
    const node = nodes.find((n) => n.code === code);
    if (!node) throw appError(404, 'node.notFound');
    if (nodes.some((n) => n.parent_code === code)) throw appError(400, 'node.groupNotEmpty');
    // A data table goes to the table trash with its data; other menu items simply go.
    if (node.type === 'Schema') {
      await this.db
        .updateTable('function_nodes')
        .set({ deleted_at: this.now() })
        .where('app_code', '=', appCode)
        .where('code', '=', code)
        .execute();
    } else {
      await this.db.deleteFrom('function_nodes').where('app_code', '=', appCode).where('code', '=', code).execute();
    }
  }

  async deletedTables(tenant: TenantContext | null, appCode: string, adminHeader: boolean): Promise<FunctionNode[]> {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireEdit(access);
    return (await this.repo.listNodes(appCode, true)).map(toNode);
  }

  /**
   * A table from the table trash deleted for good: its physical table, its metadata (fields, views,
   * counters, history and jobs go with the schema row) and its menu node, in one transaction.
   */
  async purgeTable(tenant: TenantContext | null, appCode: string, adminHeader: boolean, code: string): Promise<void> {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireEdit(access);
    const node = (await this.repo.listNodes(appCode, true)).find((n) => n.code === code && n.type === 'Schema');
    if (!node) throw appError(404, 'node.notFound');
    const engineCode = access.tenant.engineCode;
    // The log's entries still riding on the history rows that go with the table (SQLite) are written first.
    await moveHistoryEntries(this.db, { wait: true });
    await this.db.transaction().execute(async (trx) => {
      const schema = await trx
        .selectFrom('schemas')
        .select('table_name')
        .where('engine_code', '=', engineCode)
        .where('code', '=', code)
        .executeTakeFirst();
      if (schema) {
        await dropRollupsOf(trx, { tables: [schema.table_name] });
        await trx.schema.dropTable(schema.table_name).ifExists().execute();
      }
      for (const kept of ['record_imports', 'record_indexes'] as const)
        await trx.deleteFrom(kept).where('engine_code', '=', engineCode).where('schema_code', '=', code).execute();
      await trx.deleteFrom('schemas').where('engine_code', '=', engineCode).where('code', '=', code).execute();
      await trx.deleteFrom('function_nodes').where('app_code', '=', appCode).where('code', '=', code).execute();
      await recordAudit(
        trx,
        {
          engineCode,
          actorMemberId: access.tenant.memberId,
          action: 'table.purge',
          targetType: 'schema',
          targetId: code,
          detail: { app: appCode, name: node.display_name },
        },
        this.now(),
      );
    });
  }

  /** Back at the end of the top level (its group may be gone), with every record it had. */
  async restoreTable(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    code: string,
  ): Promise<FunctionNode> {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireEdit(access);
    const node = (await this.repo.listNodes(appCode, true)).find((n) => n.code === code);
    if (!node) throw appError(404, 'node.notFound');
    const top = (await this.repo.listNodes(appCode)).filter((n) => n.parent_code === '');
    const restored = {
      ...node,
      parent_code: '',
      sort_key: top.reduce((m, n) => Math.max(m, n.sort_key + 1), 0),
      deleted_at: null,
    };
    await this.db
      .updateTable('function_nodes')
      .set({ deleted_at: null, parent_code: restored.parent_code, sort_key: restored.sort_key })
      .where('app_code', '=', appCode)
      .where('code', '=', code)
      .execute();
    return toNode(restored);
  }
}
