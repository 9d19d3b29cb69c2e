import { randomBytes } from 'node:crypto';
import { type FunctionNode, FunctionNodeType, isMenuLinkUrl, type MenuEntry } from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database, FunctionNodesTable } from '../../db/schema.js';
import { FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { recordAudit } from '../audit/record.js';
import { appError, requireEdit, resolveApp } from './access.js';
import { nodeTree } from './node-tree.js';
import { checkNodeName } from './nodes-service.js';
import type { AppRepository } from './repository.js';

/** One row of the menu as it will be stored. */
interface Placement {
  code: string;
  parentCode: string;
  sortKey: number;
  displayName: string;
  hidden: number;
  url: string;
  /** A link the editor added in this save. */
  isNew: boolean;
}

/**
 * The app settings' custom menu (spec §6): an editor renames, hides and reorders the app's menu for
 * its members and adds links, saved as one whole menu in one transaction. Data tables, dashboards and
 * pages are never created or deleted here; a save that misses one (someone added it meanwhile) is
 * refused rather than guessed at. Links left out are removed.
 */
export class CustomMenuService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: AppRepository,
    private readonly now: () => number = Date.now,
  ) {}

  async save(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    items: MenuEntry[],
  ): Promise<FunctionNode[]> {
    const access = await resolveApp(this.repo, tenant, appCode, adminHeader);
    requireEdit(access);
    const existing = new Map((await this.repo.listNodes(appCode)).map((n) => [n.code, n]));
    const placements = this.place(existing, items);
    const kept = new Set(placements.map((p) => p.code));
    const missing = [...existing.values()].filter((n) => !kept.has(n.code));
    if (missing.some((n) => n.type !== FunctionNodeType.link)) throw appError(409, 'menu.changed');

    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      for (const p of placements) {
        const values = {
          parent_code: p.parentCode,
          sort_key: p.sortKey,
          display_name: p.displayName,
          hidden: p.hidden,
          url: p.url,
        };
        if (p.isNew) {
          await trx
            .insertInto('function_nodes')
            .values({
              ...values,
              code: p.code,
              app_code: appCode,
              engine_code: access.tenant.engineCode,
              type: FunctionNodeType.link,
              tag: '',
              created_at: now,
              deleted_at: null,
            })
            .execute();
        } else {
          await trx
            .updateTable('function_nodes')
            .set(values)
            .where('engine_code', '=', access.tenant.engineCode)
            .where('app_code', '=', appCode)
            .where('code', '=', p.code)
            .execute();
        }
      }
      if (missing.length) {
        await trx
          .deleteFrom('function_nodes')
          .where('engine_code', '=', access.tenant.engineCode)
          .where('app_code', '=', appCode)
          .where(
            'code',
            'in',
            missing.map((n) => n.code),
          )
          .execute();
      }
      await recordAudit(
        trx,
        {
          engineCode: access.tenant.engineCode,
          actorMemberId: access.tenant.memberId,
          action: 'app.menu',
          targetType: 'app',
          targetId: appCode,
          detail: {
            hidden: placements.filter((p) => p.hidden).length,
            links: placements.filter((p) => p.url).length,
          },
        },
        now,
      );
    });
    return nodeTree(await this.repo.listNodes(appCode), true);
  }

  /** Checks the new menu against the stored items and works out every row's place. */
  private place(existing: Map<string, FunctionNodesTable>, items: MenuEntry[]): Placement[] {
    const out: Placement[] = [];
    const seen = new Set<string>();
    const visit = (entry: Omit<MenuEntry, 'children'>, parentCode: string, sortKey: number): Placement => {
      const node = entry.code ? existing.get(entry.code) : undefined;
      if (entry.code && !node) throw appError(409, 'menu.changed');
      if (entry.code && seen.has(entry.code)) throw appError(409, 'menu.changed');
      const isLink = !node || node.type === FunctionNodeType.link;
      if (parentCode && node?.type === FunctionNodeType.group) throw appError(400, 'node.groupNesting');
      const url = isLink ? (entry.url ?? '').trim() : '';
      if (isLink && !isMenuLinkUrl(url)) throw new FieldValidationError([{ field: 'url', key: 'menu.linkUrl' }]);
      const placement: Placement = {
        code: node?.code ?? `n${randomBytes(6).toString('hex')}`,
        parentCode,
        sortKey,
        displayName: checkNodeName(entry.displayName),
        hidden: entry.hidden ? 1 : 0,
        url,
        isNew: !node,
      };
      seen.add(placement.code);
      out.push(placement);
      return placement;
    };
    items.forEach((entry, index) => {
      const { children, ...own } = entry;
      const placed = visit(own, '', index);
      const isGroup = existing.get(placed.code)?.type === FunctionNodeType.group;
      if (children?.length && !isGroup) throw appError(400, 'node.groupNesting');
      children?.forEach((child, childIndex) => {
        visit(child, placed.code, childIndex);
      });
    });
    return out;
  }
}
