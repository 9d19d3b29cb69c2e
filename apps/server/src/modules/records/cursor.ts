/** Opaque list cursors: an offset (sorted lists) or a (created_at, id) keyset position. */
export function encodeCursor(value: number | [number, string]): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A cursor back to an offset or a keyset position; anything else is the start. */
export function decodeCursor(cursor: string | undefined): number | [number, string] | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
    if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'string') return [v[0], v[1]];
  } catch {
    return null;
  }
  return null;
}
