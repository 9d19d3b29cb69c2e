import { randomBytes } from 'node:crypto';
import type { FunctionNodeRow } from '@canopy/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, FunctionNodesTable } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { appError, requireEdit, resolveApp } from './access.js';
import type { AppRepository } from './repository.js';

function toRow(n: FunctionNodesTable): FunctionNodeRow {
  return {
    code: n.code,
    type: n.type,
    tag: n.tag,
    displayName: n.display_name,
    appCode: n.app_code,
    parentCode: n.parent_code,
    sortKey: n.sort_key,
  };
}

function checkName(raw: string): string {
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

  async list(tenant: TenantContext | null, appCode: string, adminHeader: boolean): Promise<FunctionNodeRow[]> {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    return (await this.repo.listNodes(access.app.code)).map(toRow);
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
  ): Promise<FunctionNodeRow> {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireEdit(access);
    const name = checkName(input.displayName);
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
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('function_nodes').values(row).execute();
      if (row.type === 'Schema') await this.onSchemaCreated(trx, row);
    });
    return toRow(row);
  }

  /** Rename and/or move (to a group or the top level, at an index). Answers the whole menu. */
  async update(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    code: string,
    input: { displayName?: string; parentCode?: string; index?: number },
  ): Promise<FunctionNodeRow[]> {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireEdit(access);
    const nodes = await this.repo.listNodes(appCode);
    const node = nodes.find((n) => n.code === code);
    if (!node) throw appError(404, 'node.notFound');
    await this.db.transaction().execute(async (trx) => {
      if (input.displayName !== undefined) {
        await trx
          .updateTable('function_nodes')
          .set({ display_name: checkName(input.displayName) })
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
    return (await this.repo.listNodes(appCode)).map(toRow);
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

  async deletedTables(tenant: TenantContext | null, appCode: string, adminHeader: boolean): Promise<FunctionNodeRow[]> {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireEdit(access);
    return (await this.repo.listNodes(appCode, true)).map(toRow);
  }

  /** Back at the end of the top level (its group may be gone), with every record it had. */
  async restoreTable(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    code: string,
  ): Promise<FunctionNodeRow> {
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
    return toRow(restored);
  }
}
