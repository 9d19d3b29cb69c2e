import { bad, type FieldType, isEmpty, isRecord, ok } from '../definition.js';

/** Formatted text; the server sanitizes it before storing, the browser again before showing. */
export const richText: FieldType<string, object> = {
  type: 'richText',
  label: { zh: '富文本', en: 'Rich text', jp: 'リッチテキスト' },
  storage: 'text',
  system: false,
  richText: true,
  defaultSettings: {},
  checkSettings: () => ({ ok: true, settings: {} }),
  parse(input) {
    if (isEmpty(input)) return ok(null);
    if (typeof input !== 'string') return bad('validate.type');
    if (input.length > 100_000) return bad('validate.maxLength', { limit: 100_000 });
    return ok(input);
  },
  toStorage: (v) => v,
  fromStorage: (raw) => (typeof raw === 'string' ? raw : null),
};

export interface Location {
  address: string;
  lng: number | null;
  lat: number | null;
}

/** An address with optional coordinates (WGS-84). */
export const location: FieldType<Location, object> = {
  type: 'location',
  label: { zh: '地址', en: 'Location', jp: '住所' },
  storage: 'json',
  system: false,
  defaultSettings: {},
  checkSettings: () => ({ ok: true, settings: {} }),
  parse(input) {
    if (isEmpty(input)) return ok(null);
    if (!isRecord(input) || typeof input.address !== 'string') return bad('field.location.invalid');
    const address = input.address.trim().slice(0, 500);
    const lng = input.lng === undefined || input.lng === null ? null : Number(input.lng);
    const lat = input.lat === undefined || input.lat === null ? null : Number(input.lat);
    if ((lng !== null && !(lng >= -180 && lng <= 180)) || (lat !== null && !(lat >= -90 && lat <= 90)))
      return bad('field.location.invalid');
    if (!address && lng === null) return ok(null);
    return ok({ address, lng, lat });
  },
  toStorage: (v) => (v === null ? null : JSON.stringify(v)),
  fromStorage: (raw) => (typeof raw === 'string' ? (JSON.parse(raw) as Location) : null),
};
