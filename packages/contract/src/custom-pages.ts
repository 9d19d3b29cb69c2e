import Type, { type Static } from 'typebox';
import { DashboardLimits, WidgetPlace } from './dashboards.js';

/**
 * Custom pages (function node UserModule, type 7): an app's own portal page — a grid of blocks the
 * app's designers arrange, shown to the app's members. A block shows rich text, an image, a live
 * view of a table, a chart or figure from one of the app's dashboards, a button that opens a table's
 * add form or a view, the viewer's pending work items in this app, links, or an embedded page.
 * What a block shows is always read through the viewer's own table, field and row rules.
 */
export const CustomPageLimits = {
  blocks: 40,
  richText: 20_000,
  links: 20,
  title: 40,
  url: 2000,
  viewRows: { min: 5, max: 50, default: 10 },
  embedHeight: { min: 160, max: 1600, default: 480 },
  gridColumns: DashboardLimits.gridColumns,
} as const;

export const PageBlockKind = ['text', 'image', 'view', 'widget', 'button', 'todos', 'links', 'embed'] as const;
export type PageBlockKind = (typeof PageBlockKind)[number];

/** App roles a page or block can be limited to; the app's designers always see everything. */
export const PageRole = ['manager', 'member'] as const;
export type PageRole = (typeof PageRole)[number];

const Code = Type.String({ minLength: 1, maxLength: 64 });
const Roles = Type.Array(Type.Union([Type.Literal('manager'), Type.Literal('member')]), {
  maxItems: PageRole.length,
});
const Url = Type.String({ minLength: 1, maxLength: CustomPageLimits.url });

export const PageLink = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: CustomPageLimits.title }),
    url: Url,
    /** Where it opens: a new tab for other sites (default), or the plugin modal over the page. */
    openIn: Type.Optional(Type.Union([Type.Literal('tab'), Type.Literal('modal')])),
  },
  { additionalProperties: false },
);
export type PageLink = Static<typeof PageLink>;

/**
 * One block. Which settings apply depends on its kind (the server checks them per kind and names
 * the setting that is missing or wrong): text `html`; image `fileId`; view `schemaCode`, `viewCode`,
 * `rows`; widget `dashboardCode`, `widgetId`; button `action`, `schemaCode` (and `viewCode` for a
 * view); links `links`; embed `url`, `height`; todos none.
 */
export const PageBlock = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,36}$' }),
    kind: Type.Union([
      Type.Literal('text'),
      Type.Literal('image'),
      Type.Literal('view'),
      Type.Literal('widget'),
      Type.Literal('button'),
      Type.Literal('todos'),
      Type.Literal('links'),
      Type.Literal('embed'),
    ]),
    title: Type.String({ maxLength: CustomPageLimits.title }),
    place: WidgetPlace,
    /** Empty: everyone who may open the page; else only these app roles (and the designers). */
    roles: Roles,
    html: Type.Optional(Type.String({ maxLength: CustomPageLimits.richText })),
    fileId: Type.Optional(Code),
    schemaCode: Type.Optional(Code),
    viewCode: Type.Optional(Code),
    rows: Type.Optional(
      Type.Integer({ minimum: CustomPageLimits.viewRows.min, maximum: CustomPageLimits.viewRows.max }),
    ),
    dashboardCode: Type.Optional(Code),
    widgetId: Type.Optional(Type.String({ minLength: 1, maxLength: 36 })),
    action: Type.Optional(Type.Union([Type.Literal('add'), Type.Literal('view')])),
    links: Type.Optional(Type.Array(PageLink, { minItems: 1, maxItems: CustomPageLimits.links })),
    url: Type.Optional(Url),
    height: Type.Optional(
      Type.Integer({ minimum: CustomPageLimits.embedHeight.min, maximum: CustomPageLimits.embedHeight.max }),
    ),
  },
  { additionalProperties: false },
);
export type PageBlock = Static<typeof PageBlock>;

export const CustomPageInfo = Type.Object({
  code: Type.String(),
  displayName: Type.String(),
  /** Who may open the page (empty: every member of the app). */
  roles: Roles,
  /** The blocks this viewer may see (all of them for a designer). */
  blocks: Type.Array(PageBlock),
  /** The app's designers (owner, managers, admin mode) arrange the page; everyone else views it. */
  canDesign: Type.Boolean(),
  updatedAt: Type.Number(),
});
export type CustomPageInfo = Static<typeof CustomPageInfo>;

export const SaveCustomPageBody = Type.Object(
  { roles: Roles, blocks: Type.Array(PageBlock, { maxItems: CustomPageLimits.blocks }) },
  { additionalProperties: false },
);
export type SaveCustomPageBody = Static<typeof SaveCustomPageBody>;

export const CustomPageParams = Type.Object({ appCode: Code, code: Code });

const SAME_SITE = 'http://same-site.invalid';

/**
 * The path of this product a link names, read as a browser reads it — tabs and line breaks dropped,
 * spaces and control characters trimmed, a backslash a slash — or null when it is not a path or leaves
 * the site: `//evil.example`, `/\evil.example` and `\\evil.example` all open another site (issue 30).
 */
export function sameSitePath(url: string): string | null {
  let text = '';
  for (const ch of url) if (ch !== '\t' && ch !== '\n' && ch !== '\r') text += ch;
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  const slashed = text.slice(start, end).replaceAll('\\', '/');
  if (!slashed.startsWith('/') || slashed.startsWith('//')) return null;
  try {
    const resolved = new URL(slashed, SAME_SITE);
    if (resolved.origin !== SAME_SITE) return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
}

/** An address a link or an embedded page may open: http(s), or a path of this product (`sameSitePath`). */
export function isPageUrl(url: string, allowPath: boolean): boolean {
  if (allowPath && sameSitePath(url) !== null) return true;
  return /^https?:\/\/[^\s/?#\\]+/i.test(url);
}
