import { describe, expect, it } from 'vitest';
import { testField } from '../views/test-fixtures';
import { curlExamples, exampleData, isReadOnlyType, jsonShape } from './api-examples';

describe('API page examples', () => {
  it('fill only visible, writable fields of their own type', () => {
    const fields = [
      testField('f_secret', 'text'),
      testField('f_sum', 'formula'),
      testField('f_created', 'createdAt', { system: true }),
      testField('f_gone', 'text', { deleted: true }),
      testField('f_qty', 'number'),
      testField('f_kind', 'singleSelect', { settings: { options: [{ id: 'opt-1', name: '办公' }] } }),
    ];
    expect(exampleData(fields, (c) => c === 'f_secret')).toEqual({ f_qty: 100, f_kind: 'opt-1' });
  });

  it('name each type’s JSON shape and which are read only', () => {
    expect(jsonShape('date')).toBe("string 'YYYY-MM-DD'");
    expect(jsonShape('member')).toContain('member ids');
    expect(isReadOnlyType('lookup')).toBe(true);
    expect(isReadOnlyType('text')).toBe(false);
  });

  it('build commands for the table with a token placeholder and valid JSON bodies', () => {
    const examples = curlExamples('https://canopy.example.com', 'app1', 'tbl1', { f_qty: 1, f_note: "it's" });
    expect(examples.map((e) => e.key)).toEqual([
      'list',
      'query',
      'get',
      'create',
      'update',
      'delete',
      'batch',
      'upload',
    ]);
    // Files for attachment fields go up through the app's integrators' upload, with the same token.
    expect(examples.find((e) => e.key === 'upload')?.command).toBe(
      "curl -X POST 'https://canopy.example.com/open/v1/apps/app1/files' \\\n  -H 'Authorization: Bearer <YOUR_API_TOKEN>' \\\n  -F 'file=@./contract.pdf'",
    );
    const create = examples.find((e) => e.key === 'create')?.command ?? '';
    expect(create).toContain("curl -X POST 'https://canopy.example.com/open/v1/apps/app1/tables/tbl1/records'");
    expect(create).toContain('Authorization: Bearer <YOUR_API_TOKEN>');
    // A quote inside a value is escaped for the shell: the single-quoted body stays one argument.
    expect(create).toContain(`"f_note": "it'\\''s"`);
  });
});
