/**
 * What a run's steps can name (`{{path}}` in their values): the trigger's data, earlier steps'
 * outputs by step id, and the loop's current record.
 */
export interface Scope {
  trigger: unknown;
  steps: Record<string, unknown>;
  item?: unknown;
}

const WHOLE = /^\{\{\s*([\w.\u4e00-\u9fff-]+)\s*\}\}$/;
const PART = /\{\{\s*([\w.\u4e00-\u9fff-]+)\s*\}\}/g;

/** The value a dotted path names in the scope (undefined when any part is missing). */
export function lookup(scope: Scope, path: string): unknown {
  let at: unknown = scope;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    // Own properties only: a path never reaches a prototype.
    if (!Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

const asText = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * A step's value with its templates filled: a string that is exactly one `{{path}}` becomes the
 * value itself (a number stays a number, a list a list); other strings get the values as text;
 * arrays and objects are filled throughout.
 */
export function fill(value: unknown, scope: Scope): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return lookup(scope, whole[1] as string) ?? null;
    return value.replace(PART, (_, path: string) => asText(lookup(scope, path)));
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, scope));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, scope)]));
  return value;
}

/** A template filled as text (ids, addresses, subjects). */
export function fillText(value: string, scope: Scope): string {
  return asText(fill(value, scope));
}
