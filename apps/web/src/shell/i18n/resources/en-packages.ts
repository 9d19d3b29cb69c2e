import type { zhPackages } from './zh-packages';

export const enPackages: typeof zhPackages = {
  importTitle: 'Import a package',
  importIntro: 'Upload an app package (zip) exported from Canopy; it is installed as a new app of this team.',
  dropHint: 'Click or drag a package here to upload it',
  dropLimit: 'A zip file of at most 50 MB',
  notZip: 'Upload a zip package',
  tooLarge: 'A package must be at most 50 MB',
  uploadFirst: 'Upload a zip package first',
  waitUpload: 'Wait for the upload to finish',
  uploadFailed: 'Upload failed',
  uploaded: 'Uploaded',
  remove: 'Remove',
  withBizData: 'Import the business data too',
  withBizDataHint: "The package's records and attachments",
  install: 'Install',
  installing: 'Installing…',
  installed: 'Installed',
  installFailed: 'Install failed',
  exportTitle: 'Export a package',
  exportIntro:
    "The app's menu, tables, forms, views, permissions, flows and dashboards in one zip, to install in another team or system.",
  includeData: 'Include data',
  includeDataHint: 'Every record and its attachments as well',
  export: 'Export',
  exporting: 'Exporting…',
  exported: 'Package exported',
};
