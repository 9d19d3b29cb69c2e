import { bad, type FieldType, isEmpty, isRecord, ok } from '../definition.js';

/** What a record keeps of each file: enough to list, preview and download it. */
export interface FileRef {
  id: string;
  name: string;
  size: number;
  contentType: string;
  isImage: boolean;
  url: string;
}

interface FileSettings {
  maxFiles: number;
}

/**
 * Uploaded files by id. The client sends ids (or the objects it got back); the server checks each
 * file belongs to the team (and, for images, is one) and stores its facts with the record.
 */
function fileType(type: string, label: FieldType['label']): FieldType<(string | FileRef)[], FileSettings> {
  return {
    type,
    label,
    storage: 'json',
    system: false,
    references: 'file',
    defaultSettings: { maxFiles: 10 },
    checkSettings(raw) {
      const maxFiles = isRecord(raw) && raw.maxFiles !== undefined ? Number(raw.maxFiles) : 10;
      if (!Number.isInteger(maxFiles) || maxFiles < 1 || maxFiles > 50)
        return { ok: false, key: 'field.settings.invalid' };
      return { ok: true, settings: { maxFiles } };
    },
    parse(input, settings) {
      if (isEmpty(input)) return ok(null);
      const list = Array.isArray(input) ? input : [input];
      const ids = list.map((x) => (isRecord(x) ? x.id : x));
      if (!ids.every((id) => typeof id === 'string' && /^[\w-]{1,64}$/.test(id))) return bad('validate.type');
      const unique = [...new Set(ids as string[])];
      if (unique.length > settings.maxFiles) return bad('validate.maxLength', { limit: settings.maxFiles });
      return ok(unique);
    },
    toStorage: (v) => (v === null ? null : JSON.stringify(v)),
    fromStorage: (raw) => (typeof raw === 'string' ? (JSON.parse(raw) as FileRef[]) : null),
  };
}

export const attachment = fileType('attachment', { zh: '附件', en: 'Attachment', jp: '添付ファイル' });
export const image = fileType('image', { zh: '图片', en: 'Image', jp: '画像' });
