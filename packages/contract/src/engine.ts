import Type, { type Static } from 'typebox';

export const EngineState = { initializing: 'INITIALIZING', active: 'ACTIVE', closed: 'CLOSED' } as const;
export const EntryType = {
  web: 'WEB',
  feishuStore: 'FEISHU_STORE',
  wecomStandard: 'WECOM_STANDARD',
  dingtalk: 'DINGTALK',
} as const;

/** A team in the user's list, spec §3 "Engine/team (user's list)". */
export const EngineItem = Type.Object({
  engineCode: Type.String(),
  corpId: Type.String(),
  corpName: Type.String(),
  memberId: Type.String(),
  engineShard: Type.String(),
  entryType: Type.String(),
  state: Type.String(),
  ownFlag: Type.Boolean(),
  adminFlag: Type.Boolean(),
  active: Type.Boolean(),
});
export type EngineItem = Static<typeof EngineItem>;

/** Member info, spec §3. */
export const MemberInfo = Type.Object({
  corpOwner: Type.Boolean(),
  memberId: Type.String(),
  corpId: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
});
export type MemberInfo = Static<typeof MemberInfo>;

export const FeatureCode = {
  appShare: 'appShare',
  templatePublish: 'templatePublish',
  templateCenterForAppInstall: 'TemplateCenterForAppInstall',
  templateInstallByUpload: 'TemplateInstallByUpload',
  applog: 'Applog',
  forbiddenTeamName: 'ForbiddenTeamName',
  forbiddenTeamSwitch: 'ForbiddenTeamSwitch',
} as const;

export const CorpFeatures = Type.Object({ featureList: Type.Array(Type.String()) });
export type CorpFeatures = Static<typeof CorpFeatures>;
