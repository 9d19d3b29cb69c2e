/**
 * The plain values and helpers of engine.ts, which re-exports them: apart from its TypeBox schemas so a
 * browser page using only these does not load TypeBox (the bundler keeps a used module's imports).
 */
export const EngineState = { initializing: 'INITIALIZING', active: 'ACTIVE', closed: 'CLOSED' } as const;

/** A deleted team stays restorable this long (DESIGN.md: purged after 7 days unless restored). */
export const TEAM_PURGE_DELAY_MS = 7 * 24 * 60 * 60_000;

export const EntryType = {
  web: 'WEB',
  feishuStore: 'FEISHU_STORE',
  wecomStandard: 'WECOM_STANDARD',
  dingtalk: 'DINGTALK',
} as const;

export const FeatureCode = {
  appShare: 'appShare',
  templatePublish: 'templatePublish',
  templateCenterForAppInstall: 'TemplateCenterForAppInstall',
  templateInstallByUpload: 'TemplateInstallByUpload',
  applog: 'Applog',
  forbiddenTeamName: 'ForbiddenTeamName',
  forbiddenTeamSwitch: 'ForbiddenTeamSwitch',
} as const;
