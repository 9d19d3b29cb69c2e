import { type PublishTemplateBody, TemplateEndpoints } from '@canopy/contract';
import { call } from '../../../shell/api/client';

export const templateKeys = {
  catalog: (engineCode: string) => ['templates', engineCode, 'catalog'] as const,
  shares: (appCode: string) => ['templates', 'shares', appCode] as const,
  shared: (token: string) => ['templates', 'shared', token] as const,
};

/** The template center (issue 12): catalog, install, team templates and share links. */
export const templatesApi = {
  catalog: () => call(TemplateEndpoints.catalog, { errors: 'inline' }),
  install: (id: string, externalLabel: string, withSampleData = true) =>
    call(TemplateEndpoints.install, { body: { id, externalLabel, withSampleData }, errors: 'inline' }),
  publish: (body: PublishTemplateBody) => call(TemplateEndpoints.publish, { body, errors: 'inline' }),
  unpublish: (id: string) => call(TemplateEndpoints.unpublish, { params: { id }, errors: 'inline' }),
  shares: (appCode: string) => call(TemplateEndpoints.shares, { params: { appCode }, errors: 'inline' }),
  createShare: (appCode: string, expiresInDays: number | undefined) =>
    call(TemplateEndpoints.createShare, {
      params: { appCode },
      body: expiresInDays ? { expiresInDays } : {},
      errors: 'inline',
    }),
  revokeShare: (appCode: string, shareId: string) =>
    call(TemplateEndpoints.revokeShare, { params: { appCode, shareId }, errors: 'inline' }),
  sharedPreview: (token: string) => call(TemplateEndpoints.sharedPreview, { params: { token }, errors: 'inline' }),
  installShared: (token: string) => call(TemplateEndpoints.installShared, { params: { token }, errors: 'inline' }),
};
