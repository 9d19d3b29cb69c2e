import type { Language, ServerMessageKey } from '@canopy/contract';

/** How a value is kept in the table's physical column. */
export type StorageKind = 'text' | 'integer' | 'bigint' | 'real' | 'boolean' | 'json';

/** Properties every field has, whatever its type (issue: name, required, unique, default, description). */
export interface FieldProps {
  code: string;
  name: string;
  required: boolean;
  unique: boolean;
  description: string;
}

export type ParseResult<V> =
  | { ok: true; value: V | null }
  | { ok: false; key: ServerMessageKey; params?: Record<string, string | number> };

/**
 * Everything about one field type in one place: its settings, its column, how an input value is
 * checked and normalised (the same code in the browser and on the server), and how it is stored.
 */
export interface FieldType<V = unknown, S extends object = object> {
  type: string;
  label: Record<Language, string>;
  defaultSettings: S;
  /** Checks settings a designer sends; returns the cleaned settings or a message key. */
  checkSettings(raw: unknown): { ok: true; settings: S } | { ok: false; key: ServerMessageKey };
  /** null: no column of its own (the value comes from the record's system columns). */
  storage: StorageKind | null;
  /** Set by the server, never by clients (ids, created/modified, auto-number). */
  system: boolean;
  /** Values are ids the server must find in the team (members, departments). */
  references?: 'member' | 'department' | 'record' | 'file';
  /** HTML the server sanitizes before storing (the browser sanitizes again before showing). */
  richText?: boolean;
  /** Input (JSON) → normalised value, or why not. `null`/`undefined`/'' mean empty. */
  parse(input: unknown, settings: S): ParseResult<V>;
  toStorage(value: V | null, settings: S): unknown;
  fromStorage(raw: unknown, settings: S): V | null;
}

export const ok = <V>(value: V | null): ParseResult<V> => ({ ok: true, value });
export const bad = <V>(key: ServerMessageKey, params?: Record<string, string | number>): ParseResult<V> => ({
  ok: false,
  key,
  ...(params ? { params } : {}),
});

export function isEmpty(input: unknown): boolean {
  return input === null || input === undefined || input === '' || (Array.isArray(input) && input.length === 0);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A random id for rows made in the browser or on the server (getRandomValues works on plain http too). */
export function randomId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A list of ids (one or many), each a plain id, without repeats; the shared rule of id-valued fields. */
export function parseIdList(input: unknown, multiple: boolean, max: number): ParseResult<string[]> {
  if (isEmpty(input)) return ok(null);
  const list = Array.isArray(input) ? input : [input];
  if (!list.every((id) => typeof id === 'string' && /^[\w-]{1,64}$/.test(id))) return bad('validate.type');
  const ids = [...new Set(list as string[])];
  if (!multiple && ids.length > 1) return bad('field.people.single');
  if (ids.length > max) return bad('validate.maxLength', { limit: max });
  return ok(ids);
}
