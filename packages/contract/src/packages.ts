import Type, { type Static } from 'typebox';

/**
 * App packages (issue 12): an app exported as a zip (manifest.json, records as JSON lines per table,
 * the files they name) and installed as a new app by an install task (spec §3 install task, §7
 * `POST /v2/app/installpackage`).
 */
export const PackageLimits = {
  /** Spec §5/§9: one zip of at most 50 MB ("单个文件不可超过50MB"). */
  uploadMaxBytes: 50 * 1024 * 1024,
  /** Entries a package may hold (manifest, one data file per table, one per stored file). */
  maxEntries: 5_000,
  /** Bytes all entries inflate to, counted while inflating (never the sizes the headers claim). */
  maxUnpackedBytes: 1024 * 1024 * 1024,
  /** Bytes one entry inflates to. */
  maxEntryBytes: 256 * 1024 * 1024,
  /** The manifest is read whole. */
  maxManifestBytes: 32 * 1024 * 1024,
  /** The web polls a task this often (spec §9: 5 s). */
  pollMs: 5_000,
} as const;

/** The manifest's format; an installer refuses a package of a newer format. */
export const PACKAGE_FORMAT_VERSION = 1;

/**
 * Spec §7 file upload (formData, filePath, storageKey ug_app_template): the template zip upload's
 * storage key, a form field sent before the file; the answer names the stored file's `filePath`.
 */
export const PACKAGE_STORAGE_KEY = 'ug_app_template';

/** Spec §7: the source of an install from an uploaded package. */
export const InstallSource = { template: 1, upload: 3 } as const;

export const ExportPackageQuery = Type.Object(
  { withBizData: Type.Optional(Type.Boolean({ description: 'include the records and the files they name' })) },
  { additionalProperties: false },
);

/** An app of the team a package can upgrade (same origin, and the uploader designs it). */
export const UpgradeMatch = Type.Object({ appCode: Type.String(), name: Type.String() });
export type UpgradeMatch = Static<typeof UpgradeMatch>;

/** An uploaded package, kept for the install (or upgrade) that follows. */
export const UploadedPackage = Type.Object({
  packagePath: Type.String(),
  /** Spec §7: the stored file's path (the same as packagePath, which the install takes). */
  filePath: Type.String(),
  /** Spec §7: always PACKAGE_STORAGE_KEY. */
  storageKey: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  /** Apps of this team installed from (or exported as) the same origin that the uploader may upgrade. */
  matches: Type.Array(UpgradeMatch),
});
export type UploadedPackage = Static<typeof UploadedPackage>;

export const InstallPackageBody = Type.Object(
  {
    packagePath: Type.String({ minLength: 1, maxLength: 64 }),
    withBizData: Type.Boolean(),
    source: Type.Literal(InstallSource.upload),
  },
  { additionalProperties: false },
);
export type InstallPackageBody = Static<typeof InstallPackageBody>;

/** Spec §3 install task: taskId, appCode, isCompleted; plus how it ended. */
export const InstallTaskState = ['running', 'done', 'failed'] as const;
export type InstallTaskState = (typeof InstallTaskState)[number];

export const InstallTask = Type.Object({
  taskId: Type.String(),
  appCode: Type.String(),
  isCompleted: Type.Boolean(),
  state: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  /** 0–100. */
  progress: Type.Integer(),
  /** Why it failed, in the asker's language; '' otherwise. */
  message: Type.String(),
});
export type InstallTask = Static<typeof InstallTask>;

export const InstallStarted = Type.Object({ taskId: Type.String(), appCode: Type.String() });
export const InstallTaskParams = Type.Object({ taskId: Type.String({ minLength: 1, maxLength: 64 }) });

/** An upgrade of an installed app from a newer package of its origin (issue 12). */
export const UpgradePackageBody = Type.Object(
  {
    packagePath: Type.String({ minLength: 1, maxLength: 64 }),
    appCode: Type.String({ minLength: 1, maxLength: 36 }),
  },
  { additionalProperties: false },
);
export type UpgradePackageBody = Static<typeof UpgradePackageBody>;

export const UpgradeChangeKinds = [
  'table',
  'field',
  'view',
  'flow',
  'dashboard',
  'customPage',
  'printTemplate',
  'menu',
] as const;
export type UpgradeChangeKind = (typeof UpgradeChangeKinds)[number];

/** One difference between the app and the package, as the app will see it after the upgrade. */
export const UpgradeChange = Type.Object({
  kind: Type.Union([
    Type.Literal('table'),
    Type.Literal('field'),
    Type.Literal('view'),
    Type.Literal('flow'),
    Type.Literal('dashboard'),
    Type.Literal('customPage'),
    Type.Literal('printTemplate'),
    Type.Literal('menu'),
  ]),
  change: Type.Union([Type.Literal('added'), Type.Literal('changed'), Type.Literal('removed')]),
  /** The name after the upgrade (a removed one's current name). */
  name: Type.String(),
  /** The name before, when it changes. */
  previousName: Type.String(),
  /** The table a field, view or flow belongs to; '' otherwise. */
  table: Type.String(),
  /** What changes: name, type, settings, required, unique, description, default, place, permissions, form, title, config, draft, published, content. */
  what: Type.Array(Type.String()),
  /** The values it holds stop showing (a removed field or table; restorable from the trash). */
  dataLoss: Type.Boolean(),
});
export type UpgradeChange = Static<typeof UpgradeChange>;

export const UpgradePreview = Type.Object({
  appCode: Type.String(),
  appName: Type.String(),
  /** Export time of the package the app has (0 when it never came from one), and of the new one. */
  fromVersion: Type.Integer(),
  toVersion: Type.Integer(),
  changes: Type.Array(UpgradeChange),
  /** Why it cannot be applied (an incompatible field type change, naming the field); '' when it can. */
  refusal: Type.String(),
});
export type UpgradePreview = Static<typeof UpgradePreview>;
