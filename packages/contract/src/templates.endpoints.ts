import Type from 'typebox';
import { AppCodeParams } from './apps.js';
import { sessionEndpoints } from './endpoint.js';
import { InstallStarted } from './packages.js';
import {
  AppShareInfo,
  CreatedShare,
  CreateShareBody,
  InstallTemplateBody,
  PublishTemplateBody,
  SharedAppPreview,
  ShareList,
  ShareParams,
  ShareTokenParams,
  TemplateCatalog,
  TemplateIdParams,
  TemplateSummary,
} from './templates.js';

const templateEndpoint = sessionEndpoints('templates');

/** The template center (issue 12): catalog, install, team templates, share links. */
export const TemplateEndpoints = {
  catalog: templateEndpoint(
    'GET',
    '/v1/templates',
    "The built-in templates and the team's published ones",
    TemplateCatalog,
  ),
  install: templateEndpoint(
    'POST',
    '/v1/templates/install',
    'Install a template as a new app of the team (feature TemplateCenterForAppInstall); answers the install task',
    InstallStarted,
    { body: InstallTemplateBody },
  ),
  publish: templateEndpoint(
    'POST',
    '/v1/templates/team',
    "Publish an app as a team template (feature templatePublish; the app's designers)",
    TemplateSummary,
    { body: PublishTemplateBody },
  ),
  unpublish: templateEndpoint(
    'DELETE',
    '/v1/templates/team/:id',
    'Remove a team template (its publisher or a team admin)',
    Type.Null(),
    { params: TemplateIdParams },
  ),
  shares: templateEndpoint('GET', '/v1/apps/:appCode/shares', "The app's share links", ShareList, {
    params: AppCodeParams,
  }),
  createShare: templateEndpoint(
    'POST',
    '/v1/apps/:appCode/shares',
    "Create a share link of the app (feature appShare; the app's designers)",
    CreatedShare,
    { params: AppCodeParams, body: CreateShareBody },
  ),
  revokeShare: templateEndpoint('DELETE', '/v1/apps/:appCode/shares/:shareId', 'Revoke a share link', AppShareInfo, {
    params: ShareParams,
  }),
  sharedPreview: templateEndpoint(
    'GET',
    '/v1/shared-apps/:token',
    'What a share link holds (any signed-in user)',
    SharedAppPreview,
    { params: ShareTokenParams },
  ),
  installShared: templateEndpoint(
    'POST',
    '/v1/shared-apps/:token/install',
    "Install a shared app into the user's current team; answers the install task",
    InstallStarted,
    { params: ShareTokenParams },
  ),
} as const;
