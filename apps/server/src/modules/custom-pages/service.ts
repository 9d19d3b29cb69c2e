import {
  type CustomPageInfo,
  CustomPageLimits,
  isPageUrl,
  type PageBlock,
  type PageRole,
  type SaveCustomPageBody,
} from '@canopy/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type FieldProblem, FieldValidationError } from '../../http/app-error.js';
import type { TenantContext } from '../../http/context.js';
import { type AppAccess, appError, requireEdit, requireNodeVisible, resolveApp, visibleTo } from '../apps/access.js';
import type { AppRepository } from '../apps/repository.js';
import { sanitizeRichText } from '../apps/sanitize.js';
import { DashboardRepository } from '../dashboards/repository.js';
import { CustomPageRepository } from './repository.js';

/** The settings each kind needs (the others are dropped on save). */
const SETTINGS: Record<PageBlock['kind'], (keyof PageBlock)[]> = {
  text: ['html'],
  image: ['fileId'],
  view: ['schemaCode', 'viewCode', 'rows'],
  widget: ['dashboardCode', 'widgetId'],
  button: ['action', 'schemaCode', 'viewCode'],
  todos: [],
  links: ['links'],
  embed: ['url', 'height'],
};
const REQUIRED: Record<PageBlock['kind'], (keyof PageBlock)[]> = {
  text: ['html'],
  image: ['fileId'],
  view: ['schemaCode'],
  widget: ['dashboardCode', 'widgetId'],
  button: ['action', 'schemaCode'],
  todos: [],
  links: ['links'],
  embed: ['url'],
};

/** A block with only its kind's settings, rich text sanitized. */
function normalized(block: PageBlock): PageBlock {
  const out: PageBlock = { id: block.id, kind: block.kind, title: block.title, place: block.place, roles: block.roles };
  const target = out as Record<string, unknown>;
  for (const key of SETTINGS[block.kind]) if (block[key] !== undefined) target[key] = block[key];
  if (out.html !== undefined) out.html = sanitizeRichText(out.html);
  if (out.kind === 'button' && out.action === 'add') delete out.viewCode;
  return out;
}

/**
 * Custom pages (UserModule nodes, issue 18): an app's portal page, arranged by those who design the
 * app (`canEdit`, as for tables and dashboards) and opened by its members. The page and each block
 * may be limited to app roles; a viewer gets only the blocks meant for them. The blocks hold
 * references only (a table and view, a dashboard's chart, an image): what they show is read by the
 * viewer through the records, dashboards and to-do calls, so the viewer's own table, field and row
 * rules always apply, and a block on a table the viewer may not see says so instead of its data.
 */
export class CustomPageService {
  private readonly repo: CustomPageRepository;
  /** Which codes are live tables of an app: the dashboards' own check, shared. */
  private readonly tables: DashboardRepository;

  constructor(
    db: Kysely<Database>,
    private readonly apps: AppRepository,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = new CustomPageRepository(db);
    this.tables = new DashboardRepository(db);
  }

  private async node(tenant: TenantContext | null, appCode: string, adminHeader: boolean, code: string) {
    const access = await resolveApp(this.apps, tenant, appCode, adminHeader);
    const node = await this.repo.node(access.tenant.engineCode, appCode, code);
    if (!node) throw appError(404, 'node.notFound');
    requireNodeVisible(access, node.code);
    return { access, node };
  }

  async get(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    code: string,
  ): Promise<CustomPageInfo> {
    const { access, node } = await this.node(tenant, appCode, adminHeader, code);
    return this.info(access, node);
  }

  private async info(access: AppAccess, node: { code: string; display_name: string }): Promise<CustomPageInfo> {
    const row = await this.repo.find(node.code);
    const roles = row ? (JSON.parse(row.roles) as PageRole[]) : [];
    if (!visibleTo(roles, access)) throw appError(403, 'page.noAccess');
    const blocks = row ? (JSON.parse(row.blocks) as PageBlock[]) : [];
    return {
      code: node.code,
      displayName: node.display_name,
      roles,
      blocks: blocks.filter((b) => visibleTo(b.roles, access)),
      canDesign: access.canEdit,
      updatedAt: row ? Number(row.updated_at) : 0,
    };
  }

  /**
   * Saves the whole page at once. Every block must have its kind's settings, and what it points at
   * must be this app's (a live table, a shared view of it, a chart of one of its dashboards) or the
   * team's (an uploaded image); a refusal names the block's setting and saves nothing.
   */
  async save(
    tenant: TenantContext | null,
    appCode: string,
    adminHeader: boolean,
    code: string,
    body: SaveCustomPageBody,
  ): Promise<CustomPageInfo> {
    const { access, node } = await this.node(tenant, appCode, adminHeader, code);
    requireEdit(access);
    const engine = access.tenant.engineCode;
    const blocks = body.blocks.map(normalized);
    const [tables, views, widgets, images] = await Promise.all([
      this.tables.tablesOf(engine, appCode, [...new Set(blocks.flatMap((b) => (b.schemaCode ? [b.schemaCode] : [])))]),
      this.repo.publicViews(engine, [
        ...new Set(blocks.flatMap((b) => (b.schemaCode && b.viewCode ? [b.schemaCode] : []))),
      ]),
      this.repo.widgets(engine, appCode, [
        ...new Set(blocks.flatMap((b) => (b.dashboardCode ? [b.dashboardCode] : []))),
      ]),
      this.repo.images(engine, [...new Set(blocks.flatMap((b) => (b.fileId ? [b.fileId] : [])))]),
    ]);
    const problems: FieldProblem[] = [];
    const ids = new Set<string>();
    blocks.forEach((b, i) => {
      const at = (key: string) => `blocks[${i}].${key}`;
      if (ids.has(b.id)) problems.push({ field: at('id'), key: 'page.blockDuplicate' });
      ids.add(b.id);
      if (b.place.x + b.place.w > CustomPageLimits.gridColumns)
        problems.push({ field: at('place'), key: 'page.placeInvalid' });
      const missing = REQUIRED[b.kind].find((k) => b[k] === undefined || b[k] === '');
      if (missing) {
        problems.push({ field: at(missing), key: 'page.settingMissing' });
        return;
      }
      if (b.schemaCode && !tables.has(b.schemaCode)) problems.push({ field: at('schemaCode'), key: 'schema.notFound' });
      else if (b.schemaCode && b.viewCode && !views.has(`${b.schemaCode}/${b.viewCode}`))
        problems.push({ field: at('viewCode'), key: 'page.viewNotFound' });
      if (b.kind === 'widget' && !widgets.has(`${b.dashboardCode}/${b.widgetId}`))
        problems.push({ field: at('widgetId'), key: 'page.widgetNotFound' });
      if (b.kind === 'image' && b.fileId && !images.has(b.fileId))
        problems.push({ field: at('fileId'), key: 'page.imageInvalid' });
      if (b.kind === 'embed' && b.url && !isPageUrl(b.url, false))
        problems.push({ field: at('url'), key: 'page.urlInvalid' });
      b.links?.forEach((l, j) => {
        if (!isPageUrl(l.url, true)) problems.push({ field: at(`links[${j}].url`), key: 'page.urlInvalid' });
      });
    });
    if (problems.length) throw new FieldValidationError(problems);
    await this.repo.save(
      engine,
      node.code,
      { roles: JSON.stringify([...new Set(body.roles)]), blocks: JSON.stringify(blocks) },
      access.tenant.memberId,
      this.now(),
    );
    return this.info(access, node);
  }
}
