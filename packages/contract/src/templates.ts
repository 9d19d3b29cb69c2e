import Type, { type Static } from 'typebox';
import { APP_COLORS, APP_NAME_MAX } from './apps.js';

/**
 * The template center (issue 12): built-in business templates that ship with the product, the
 * team's published templates (feature templatePublish) and apps shared by link (feature appShare).
 * A template is an app package; installing one is an install task like an uploaded package's
 * (spec §3 Template: id, externalLabel, name, icon {icon, color}).
 */
export const TemplateIcon = Type.Object(
  {
    /** One of APP_ICONS. */
    icon: Type.String({ minLength: 1, maxLength: 64 }),
    color: Type.Integer({ minimum: 0, maximum: APP_COLORS.length - 1 }),
  },
  { additionalProperties: false },
);
export type TemplateIcon = Static<typeof TemplateIcon>;

/** A template's `icon` as the spec shows it (§3): JSON text of `{icon, color}`; '' parts when unreadable. */
export function readTemplateIcon(text: string): TemplateIcon {
  try {
    const raw = JSON.parse(text) as { icon?: unknown; color?: unknown } | null;
    return {
      icon: typeof raw?.icon === 'string' ? raw.icon : '',
      color: typeof raw?.color === 'number' ? raw.color : 0,
    };
  } catch {
    return { icon: '', color: 0 };
  }
}

/**
 * The template center's categories (issue 29), in the order it lists them: 行政办公, 人事, 财务,
 * 销售/CRM, 项目管理, 采购/库存, 生产, 教育, 门店/零售, IT. Their words are the web app's.
 */
export const TEMPLATE_CATEGORIES = [
  'admin',
  'hr',
  'finance',
  'sales',
  'project',
  'purchase',
  'production',
  'education',
  'retail',
  'it',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
const TemplateCategorySchema = Type.Union([
  Type.Literal('admin'),
  Type.Literal('hr'),
  Type.Literal('finance'),
  Type.Literal('sales'),
  Type.Literal('project'),
  Type.Literal('purchase'),
  Type.Literal('production'),
  Type.Literal('education'),
  Type.Literal('retail'),
  Type.Literal('it'),
]);

export const TemplateKind = ['builtin', 'team'] as const;
export type TemplateKind = (typeof TemplateKind)[number];

/** What a template holds, read from its package's manifest (never copied by hand). */
export const TemplateContents = Type.Object({
  tables: Type.Array(Type.String()),
  flows: Type.Array(Type.String()),
  dashboards: Type.Array(Type.String()),
  pages: Type.Array(Type.String()),
});
export type TemplateContents = Static<typeof TemplateContents>;

export const TemplateSummary = Type.Object({
  id: Type.String(),
  /** The template's label outside (a built-in's `builtin:<id>@<version>`, a team template's `team:<id>`). */
  externalLabel: Type.String(),
  kind: Type.Union([Type.Literal('builtin'), Type.Literal('team')]),
  /** In the asker's language. */
  name: Type.String(),
  description: Type.String(),
  /** JSON text of `{icon, color}`, as the spec shows it (§3; read it with readTemplateIcon). */
  icon: Type.String(),
  /** A built-in's category; null for a team's own template (listed under 团队模板). */
  category: Type.Union([TemplateCategorySchema, Type.Null()]),
  contents: TemplateContents,
  /** Preview screenshots (URLs of images the server serves). */
  previews: Type.Array(Type.String()),
  /** A team template's publisher and time; '' and 0 for built-ins. */
  publisherName: Type.String(),
  publishedAt: Type.Integer(),
  /** The asker may remove it (a team template's publisher or a team admin). */
  canRemove: Type.Boolean(),
});
export type TemplateSummary = Static<typeof TemplateSummary>;

export const TemplateCatalog = Type.Object({ templates: Type.Array(TemplateSummary) });
export type TemplateCatalog = Static<typeof TemplateCatalog>;

/** Spec §7 install template (id, externalLabel). */
export const InstallTemplateBody = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    externalLabel: Type.String({ minLength: 1, maxLength: 128 }),
    /**
     * A built-in template's sample records (which fill its dashboards) come with it unless this is
     * false (issue 29: the installer keeps or drops them). Team templates carry no records.
     */
    withSampleData: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type InstallTemplateBody = Static<typeof InstallTemplateBody>;

export const PublishTemplateBody = Type.Object(
  {
    appCode: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.String({ minLength: 1, maxLength: APP_NAME_MAX }),
    description: Type.String({ maxLength: 500 }),
    /** The object, or the spec's JSON text of it (issue 38: accept both). */
    icon: Type.Union([TemplateIcon, Type.String({ maxLength: 200 })]),
  },
  { additionalProperties: false },
);
export type PublishTemplateBody = Static<typeof PublishTemplateBody>;

export const TemplateIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** Share links live at most a year; none: until revoked. */
export const SHARE_MAX_DAYS = 365;

export const CreateShareBody = Type.Object(
  { expiresInDays: Type.Optional(Type.Integer({ minimum: 1, maximum: SHARE_MAX_DAYS })) },
  { additionalProperties: false },
);
export type CreateShareBody = Static<typeof CreateShareBody>;

export const AppShareInfo = Type.Object({
  id: Type.String(),
  createdAt: Type.Integer(),
  /** 0: never. */
  expiresAt: Type.Integer(),
  revoked: Type.Boolean(),
  creatorName: Type.String(),
});
export type AppShareInfo = Static<typeof AppShareInfo>;

/** A new share link: its token is shown once (only its hash is stored). */
export const CreatedShare = Type.Object({ share: AppShareInfo, token: Type.String() });
export type CreatedShare = Static<typeof CreatedShare>;

export const ShareList = Type.Object({ shares: Type.Array(AppShareInfo) });

export const ShareParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  shareId: Type.String({ minLength: 1, maxLength: 64 }),
});
export const ShareTokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 128 }) });

/** What a share link's visitor sees before installing. */
export const SharedAppPreview = Type.Object({
  name: Type.String(),
  description: Type.String(),
  /** JSON text of `{icon, color}`, as a template's (spec §3; read it with readTemplateIcon). */
  icon: Type.String(),
  teamName: Type.String(),
  sharedBy: Type.String(),
  sharedAt: Type.Integer(),
  expiresAt: Type.Integer(),
  contents: TemplateContents,
});
export type SharedAppPreview = Static<typeof SharedAppPreview>;

/** The web page a share link opens (`/share/<token>`). */
export const sharePagePath = (token: string) => `/share/${token}`;
