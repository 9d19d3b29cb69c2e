/**
 * Opaque list cursors. Newest first: the last row's (created_at, id). A sorted list: the last row's
 * sort values and id (`{ k, i }`), so the next page starts right after it whatever the depth
 * (keyset; no offset scan). A bare number is an offset (cursors handed out before keysets).
 */
export type Cursor = number | [number, string] | { k: unknown[]; i: string };

const scalar = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number';

export function encodeCursor(value: Cursor): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A cursor back to an offset or a keyset position; anything else is the start. */
export function decodeCursor(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
    if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'string') return [v[0], v[1]];
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const { k, i } = v as { k?: unknown; i?: unknown };
      if (Array.isArray(k) && k.length <= 10 && k.every(scalar) && typeof i === 'string') return { k, i };
    }
  } catch {
    return null;
  }
  return null;
}
