import { describe, expect, it } from 'vitest';
import type { FunctionNodesTable, ShortcutsTable } from '../../db/schema.js';
import { shortcutTree } from './tree.js';

const node = (code: string, type: string, extra: Partial<FunctionNodesTable> = {}): FunctionNodesTable => ({
  code,
  app_code: 'a1',
  engine_code: 'e1',
  parent_code: '',
  type,
  tag: type === 'Schema' ? 'Normal' : '',
  display_name: code,
  sort_key: 0,
  created_at: 0,
  deleted_at: null,
  hidden: 0,
  url: '',
  ...extra,
});

const shortcut = (type: number, schemaCode: string): ShortcutsTable => ({
  code: `d${type}${schemaCode}`,
  engine_code: 'e1',
  parent_code: 'root-e1',
  app_code: 'a1',
  schema_code: schemaCode,
  display_name: 'x',
  type,
  mode: 1,
  owner_member_id: '',
  properties: '{}',
  front_extra_data: '{}',
  created_by: 'm',
  created_at: 0,
  updated_at: 0,
});

describe('the shortcut creation tree (spec §5)', () => {
  const apps = [{ code: 'a1', display_name: '应用', color: 1, icon: 'shop' }];

  it('orders items, nests tables in groups and gives each box its state', () => {
    const nodes = [
      node('g', 'Group', { sort_key: 1 }),
      node('t2', 'Schema', { parent_code: 'g', sort_key: 1 }),
      node('t1', 'Schema', { parent_code: 'g', sort_key: 0 }),
      node('sync', 'Schema', { tag: 'SyncSchema', sort_key: 2 }),
      node('board', 'Dashboard', { sort_key: 3 }),
      node('top', 'Schema', { sort_key: 0 }),
    ];
    const [app] = shortcutTree(apps, nodes, [shortcut(2, 't1'), shortcut(3, 'board')]);
    expect(app?.box).toBe('open');
    expect(shortcutTree(apps, nodes, [shortcut(1, '')])[0]?.box).toBe('added');
    expect(app?.children.map((c) => [c.code, c.add, c.view])).toEqual([
      ['top', 'open', 'open'],
      ['g', 'none', 'none'],
      ['sync', 'none', 'open'],
      ['board', 'none', 'added'],
    ]);
    expect(app?.children[1]?.children.map((c) => [c.code, c.add, c.view])).toEqual([
      ['t1', 'added', 'open'],
      ['t2', 'open', 'open'],
    ]);
  });

  it('leaves out UserModule items, custom links and hidden items', () => {
    const nodes = [
      node('mod', 'UserModule'),
      node('link', 'Link'),
      node('secret', 'Schema', { hidden: 1 }),
      node('g', 'Group'),
      node('inner', 'UserModule', { parent_code: 'g' }),
    ];
    const [app] = shortcutTree(apps, nodes, []);
    expect(app?.children.map((c) => c.code)).toEqual(['g']);
    expect(app?.children[0]?.children).toEqual([]);
  });
});
