import Type from 'typebox';
import { AppCodeParams } from './apps.js';
import { endpoint, sessionEndpoints } from './endpoint.js';
import {
  ExportPackageQuery,
  InstallPackageBody,
  InstallStarted,
  InstallTask,
  InstallTaskParams,
  UpgradePackageBody,
  UpgradePreview,
  UploadedPackage,
} from './packages.js';

const packageEndpoint = sessionEndpoints('packages');

/** App packages: export (a streamed zip), upload, install (spec §7), the install task's progress. */
export const PackageEndpoints = {
  export: endpoint({
    method: 'GET',
    path: '/v1/apps/:appCode/package',
    summary: "Download the app as an installable zip package (the app's designers)",
    tags: ['packages'],
    auth: 'session',
    params: AppCodeParams,
    query: ExportPackageQuery,
    response: Type.String({ description: 'the zip file' }),
  }),
  upload: packageEndpoint(
    'POST',
    '/v1/app/package/upload',
    'Upload one zip package (multipart field "file", at most 50 MB) to install afterwards',
    UploadedPackage,
  ),
  install: packageEndpoint(
    'POST',
    '/v2/app/installpackage',
    'Install an uploaded package as a new app of the team; answers the install task',
    InstallStarted,
    { body: InstallPackageBody },
  ),
  upgradePreview: packageEndpoint(
    'POST',
    '/v1/app/package/upgrade/preview',
    "What an uploaded package of an installed app's origin changes in it (tables, fields, flows, views, pages)",
    UpgradePreview,
    { body: UpgradePackageBody },
  ),
  upgrade: packageEndpoint(
    'POST',
    '/v1/app/package/upgrade',
    "Upgrade an installed app in place from an uploaded package of its origin (the app's designers); answers the task",
    InstallStarted,
    { body: UpgradePackageBody },
  ),
  task: packageEndpoint('GET', '/v2/app/installtask/:taskId', "An install task's progress", InstallTask, {
    params: InstallTaskParams,
  }),
} as const;
