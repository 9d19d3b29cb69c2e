import Type, { type Static } from 'typebox';

/** Upload limits: attachments up to 20 MB, images up to 10 MB (and only PNG, JPEG, GIF, WebP). */
export const FileLimits = { attachmentMaxBytes: 20 * 1024 * 1024, imageMaxBytes: 10 * 1024 * 1024 } as const;

export const UploadedFile = Type.Object({
  id: Type.String(),
  name: Type.String(),
  size: Type.Integer(),
  contentType: Type.String(),
  isImage: Type.Boolean(),
  url: Type.String(),
});
export type UploadedFile = Static<typeof UploadedFile>;
export const FileIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export const UploadQuery = Type.Object({
  kind: Type.Optional(Type.Union([Type.Literal('attachment'), Type.Literal('image')])),
});
