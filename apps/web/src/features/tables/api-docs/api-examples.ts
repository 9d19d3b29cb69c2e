import { type FieldInfo, OPEN_API_PREFIX } from '@canopy/contract';

/** Field types whose values the server computes: an integrator reads them, never writes them. */
const READ_ONLY_TYPES = new Set([
  'formula',
  'lookup',
  'autoNumber',
  'createdBy',
  'createdAt',
  'modifiedBy',
  'modifiedAt',
]);

export function isReadOnlyType(type: string): boolean {
  return READ_ONLY_TYPES.has(type);
}

/** The JSON a field's value has in the open API (the contract's FIELD_VALUE_SHAPES, per type). */
export function jsonShape(type: string): string {
  switch (type) {
    case 'text':
    case 'textarea':
    case 'phone':
    case 'email':
    case 'url':
    case 'richText':
      return 'string';
    case 'number':
    case 'money':
    case 'percent':
      return 'number';
    case 'checkbox':
      return 'boolean';
    case 'date':
      return "string 'YYYY-MM-DD'";
    case 'datetime':
    case 'createdAt':
    case 'modifiedAt':
      return 'string (ISO 8601)';
    case 'singleSelect':
      return 'string (option id)';
    case 'multiSelect':
      return 'string[] (option ids)';
    case 'member':
    case 'createdBy':
    case 'modifiedBy':
      return 'string[] (member ids)';
    case 'department':
      return 'string[] (department ids)';
    case 'relation':
      return 'string[] (record ids)';
    case 'attachment':
    case 'image':
      return 'string[] (file ids) → {id, name, size, contentType, isImage, url}[]';
    case 'location':
      return '{address: string, lng: number | null, lat: number | null}';
    case 'subTable':
      return '{[subFieldCode]: value}[]';
    case 'autoNumber':
      return 'string';
    default:
      return 'unknown';
  }
}

/** A believable value to put in an example request body. */
function sampleValue(field: FieldInfo): unknown {
  const options = (field.settings.options as { id?: string }[] | undefined) ?? [];
  switch (field.type) {
    case 'number':
    case 'money':
      return 100;
    case 'percent':
      return 0.5;
    case 'checkbox':
      return true;
    case 'date':
      return '2026-11-24';
    case 'datetime':
      return '2026-11-24T08:00:00.000Z';
    case 'singleSelect':
      return options[0]?.id ?? '<option id>';
    case 'multiSelect':
      return options[0]?.id ? [options[0].id] : ['<option id>'];
    case 'member':
      return ['<member id>'];
    case 'department':
      return ['<department id>'];
    case 'relation':
      return ['<record id>'];
    case 'attachment':
    case 'image':
      return ['<file id>'];
    case 'location':
      return { address: '上海市黄浦区', lng: 121.49, lat: 31.24 };
    case 'subTable':
      return [];
    case 'email':
      return 'name@example.com';
    case 'phone':
      return '13800000000';
    case 'url':
      return 'https://example.com';
    default:
      return field.name;
  }
}

/** Up to three fields an example write fills in: visible, writable, not system. */
export function exampleData(fields: FieldInfo[], hidden: (code: string) => boolean): Record<string, unknown> {
  const writable = fields.filter((f) => !f.deleted && !f.system && !hidden(f.code) && !isReadOnlyType(f.type));
  return Object.fromEntries(writable.slice(0, 3).map((f) => [f.code, sampleValue(f)]));
}

export interface CurlExample {
  key: 'list' | 'query' | 'get' | 'create' | 'update' | 'delete' | 'batch' | 'upload';
  command: string;
}

const TOKEN = '<YOUR_API_TOKEN>';

/** Copyable curl commands for one table, with a token placeholder (never a real token). */
export function curlExamples(origin: string, appCode: string, tableCode: string, data: Record<string, unknown>) {
  const base = `${origin}${OPEN_API_PREFIX}/apps/${appCode}/tables/${tableCode}/records`;
  const auth = `-H 'Authorization: Bearer ${TOKEN}'`;
  const json = `-H 'Content-Type: application/json'`;
  const body = (value: unknown) => `-d '${JSON.stringify(value, null, 2).replace(/'/g, "'\\''")}'`;
  const examples: CurlExample[] = [
    { key: 'list', command: `curl '${base}?limit=50' \\\n  ${auth}` },
    {
      key: 'query',
      command: `curl -X POST '${base}/query' \\\n  ${auth} ${json} \\\n  ${body({ limit: 50, sorts: [] })}`,
    },
    { key: 'get', command: `curl '${base}/<record id>' \\\n  ${auth}` },
    { key: 'create', command: `curl -X POST '${base}' \\\n  ${auth} ${json} \\\n  ${body({ data })}` },
    {
      key: 'update',
      command: `curl -X PATCH '${base}/<record id>' \\\n  ${auth} ${json} \\\n  ${body({ version: 1, data })}`,
    },
    { key: 'delete', command: `curl -X DELETE '${base}/<record id>?version=1' \\\n  ${auth}` },
    {
      key: 'batch',
      command: `curl -X POST '${base}/batch' \\\n  ${auth} ${json} \\\n  ${body({ create: [{ data }], update: [], delete: [] })}`,
    },
    {
      key: 'upload',
      command: `curl -X POST '${origin}${OPEN_API_PREFIX}/apps/${appCode}/files' \\\n  ${auth} \\\n  -F 'file=@./contract.pdf'`,
    },
  ];
  return examples;
}
