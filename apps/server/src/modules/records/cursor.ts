/**
 * Opaque list cursors. Newest first: the last row's (created_at, id). A sorted list: the last row's
 * sort values and id (`{ k, i }`), so the next page starts right after it whatever the depth
 * (keyset; no offset scan), and `n`, how many rows came before. A bare number is an offset: cursors
 * handed out before keysets, and a keyset too long for the API's cursor (long text sort values).
 */
export type Cursor = number | [number, string] | { k: unknown[]; i: string; n: number };

/** The API's longest cursor (RecordQueryBody.cursor). */
export const CURSOR_MAX = 500;

const scalar = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number';

export function encodeCursor(value: Cursor): string {
  const text = Buffer.from(JSON.stringify(value)).toString('base64url');
  if (text.length <= CURSOR_MAX || typeof value !== 'object' || Array.isArray(value)) return text;
  return encodeCursor(value.n);
}

/** A cursor back to an offset or a keyset position; anything else is the start. */
export function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
    if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'string') return [v[0], v[1]];
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const { k, i, n } = v as { k?: unknown; i?: unknown; n?: unknown };
      const seen = typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0;
      if (Array.isArray(k) && k.length <= 10 && k.every(scalar) && typeof i === 'string') return { k, i, n: seen };
    }
  } catch {
    return null;
  }
  return null;
}
