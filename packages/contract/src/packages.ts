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

/** Spec §7: the source of an install from an uploaded package. */
export const InstallSource = { template: 1, upload: 3 } as const;

export const ExportPackageQuery = Type.Object(
  { withBizData: Type.Optional(Type.Boolean({ description: 'include the records and the files they name' })) },
  { additionalProperties: false },
);

/** An uploaded package, kept for the install that follows. */
export const UploadedPackage = Type.Object({
  packagePath: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
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
