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

export const AnnouncementItem = Type.Object({
  id: Type.String(),
  date: Type.String(),
  title: Type.String(),
  summary: Type.String(),
});
export type AnnouncementItem = Static<typeof AnnouncementItem>;

/** Operation-area items (by id) that have expired and are no longer shown. */
export const ExpiredTags = Type.Array(Type.String());
export type ExpiredTags = Static<typeof ExpiredTags>;
