import { type FieldError, fieldLabel, formatMessage, type Language, type ServerMessageKey } from '@canopy/contract';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';

/** Turns schema-validation failures into one message per field, in the user's language. */
export function toFieldErrors(errors: FastifySchemaValidationError[], lang: Language): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of errors) {
    const params = e.params as Record<string, unknown>;
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let key: ServerMessageKey = 'validate.type';
    const limit = typeof params.limit === 'number' ? params.limit : '';
    switch (e.keyword) {
      case 'required':
        field = [field, String(params.missingProperty)].filter(Boolean).join('.');
        key = 'validate.required';
        break;
      case 'additionalProperties':
        field = [field, String(params.additionalProperty)].filter(Boolean).join('.');
        key = 'validate.unknown';
        break;
      case 'minLength':
        key = limit === 1 ? 'validate.required' : 'validate.minLength';
        break;
      case 'maxLength':
        key = 'validate.maxLength';
        break;
      case 'maxItems':
        key = 'validate.maxItems';
        break;
      case 'pattern':
      case 'format':
        key = 'validate.pattern';
        break;
    }
    if (!field) field = 'body';
    if (seen.has(field)) continue;
    seen.add(field);
    const label = fieldLabel(field.split('.').pop() ?? field, lang);
    out.push({ field, message: formatMessage(key, lang, { field: label, limit }) });
  }
  return out;
}

/**
 * Where a request's parsed JSON (body, query or params) holds a NUL character, as a field path
 * ('' for the value itself), or null when nowhere. PostgreSQL's text and JSON cannot hold NUL (its
 * driver fails the statement), SQLite would keep it: refused up front, both databases answer alike.
 */
export function nulAt(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const at = key.includes('\u0000') ? path : nulAt(inner, path ? `${path}.${key}` : key);
    if (at !== null) return at;
  }
  return null;
}
