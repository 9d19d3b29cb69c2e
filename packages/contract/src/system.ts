import Type, { type Static } from 'typebox';

/**
 * The report (dashboards) sub-application's version, shown in the about dialog; the print
 * sub-application's is PRINT_VERSION (print.ts).
 */
export const REPORT_VERSION = '1.0.0';

/** What the about dialog lists (spec §1), plus deployment facts the shell needs before login. */
export const SystemInfo = Type.Object({
  versions: Type.Object({
    main: Type.String(),
    kernel: Type.String(),
    report: Type.String(),
    print: Type.String(),
    operationPosition: Type.String(),
  }),
  copyright: Type.String(),
  privateDeployment: Type.Boolean(),
  /** Company sign-in (OpenID Connect) on the login page; null when not set up. */
  sso: Type.Union([Type.Null(), Type.Object({ label: Type.String() })]),
  /** WeCom sign-in is set up: inside the WeCom client the login page signs in through WeCom. */
  wecom: Type.Boolean(),
  rootDomain: Type.String(),
  cdnBase: Type.String(),
});
export type SystemInfo = Static<typeof SystemInfo>;

export const VersionQuery = Type.Object({ corpId: Type.Optional(Type.String()) });

export const Health = Type.Object({ status: Type.Literal('ok'), database: Type.String() });

/**
 * 产品动态: what the instance administrator announces on every workbench of the instance, shown
 * from `startsAt` until `endsAt` (null: until deleted). The body is rich text, sanitized when saved
 * (the RichText allowlist); `link` ('' for none) is an http(s) address or a path of this site.
 */
export const AnnouncementItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  body: Type.String(),
  link: Type.String(),
  startsAt: Type.Integer(),
  endsAt: Type.Union([Type.Integer(), Type.Null()]),
});
export type AnnouncementItem = Static<typeof AnnouncementItem>;

/** The administrator's list: the items with when they were last changed. */
export const AdminAnnouncement = Type.Object({
  ...AnnouncementItem.properties,
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});
export type AdminAnnouncement = Static<typeof AdminAnnouncement>;

export const AnnouncementLimits = { titleMax: 100, bodyMax: 5000, linkMax: 500, max: 200 } as const;

/** Create or replace an announcement (instance administrator). */
export const AnnouncementBody = Type.Object(
  {
    title: Type.String({ maxLength: AnnouncementLimits.titleMax }),
    body: Type.String({ maxLength: AnnouncementLimits.bodyMax }),
    link: Type.String({ maxLength: AnnouncementLimits.linkMax }),
    startsAt: Type.Integer({ minimum: 0 }),
    endsAt: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type AnnouncementBody = Static<typeof AnnouncementBody>;

export const AnnouncementIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** Operation-area items (by id) that have expired and are no longer shown. */
export const ExpiredTags = Type.Array(Type.String());
export type ExpiredTags = Static<typeof ExpiredTags>;
