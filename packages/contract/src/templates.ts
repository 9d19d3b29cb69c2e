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
  icon: TemplateIcon,
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
  },
  { additionalProperties: false },
);
export type InstallTemplateBody = Static<typeof InstallTemplateBody>;

export const PublishTemplateBody = Type.Object(
  {
    appCode: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.String({ minLength: 1, maxLength: APP_NAME_MAX }),
    description: Type.String({ maxLength: 500 }),
    icon: TemplateIcon,
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
  icon: TemplateIcon,
  teamName: Type.String(),
  sharedBy: Type.String(),
  sharedAt: Type.Integer(),
  expiresAt: Type.Integer(),
  contents: TemplateContents,
});
export type SharedAppPreview = Static<typeof SharedAppPreview>;

/** The web page a share link opens (`/share/<token>`). */
export const sharePagePath = (token: string) => `/share/${token}`;
