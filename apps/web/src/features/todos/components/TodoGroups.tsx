import type { TodoGroup, TodoSummary } from '@canopy/contract';
import { Menu } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The sidebar's key of a group. */
export function groupKey(g: TodoGroup): string {
  if (g.kind === 'app') return `app:${g.appCode}`;
  if (g.kind === 'schema') return `schema:${g.appCode}:${g.schemaCode}`;
  return g.kind;
}

/** "Other": the codes the summary does not list (deleted apps or tables). */
export function otherGroup(summary: TodoSummary | undefined): TodoGroup {
  const apps = summary?.apps ?? [];
  return {
    kind: 'other',
    appCodes: apps.map((a) => a.appCode),
    schemaCodes: apps.flatMap((a) => a.schemas.map((s) => s.schemaCode)),
  };
}

/**
 * A group's name and its count, the count a small pill inside the row, centred on its line (an antd
 * Badge here was drawn as a corner superscript, on the edge of the selected row's pill).
 */
function label(text: string, count: number): ReactNode {
  return (
    <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{text}</span>
      <span
        data-testid="todo-group-count"
        style={{
          flex: 'none',
          minWidth: 20,
          padding: '0 6px',
          borderRadius: 10,
          background: 'rgba(0, 0, 0, 0.06)',
          color: 'rgba(0, 0, 0, 0.65)',
          fontSize: 12,
          lineHeight: '20px',
          textAlign: 'center',
        }}
      >
        {count > 9999 ? '9999+' : count}
      </span>
    </span>
  );
}

/**
 * Spec §4 groups from the to-do summary: all (the default; 0 until loaded), each app with its
 * tables, and "other" for codes not in the list (shown when it has items).
 */
export function TodoGroups({
  summary,
  value,
  onChange,
}: {
  summary: TodoSummary | undefined;
  value: TodoGroup;
  onChange: (g: TodoGroup) => void;
}) {
  const { t } = useTranslation();
  const apps = summary?.apps ?? [];
  const other = (summary?.total ?? 0) - apps.reduce((n, a) => n + a.count, 0);
  const byKey = new Map<string, TodoGroup>([['all', { kind: 'all' }]]);
  const items = [
    { key: 'all', label: label(t('pages.todos.groupAll'), summary?.total ?? 0) },
    ...apps.map((a) => {
      const appGroup: TodoGroup = { kind: 'app', appCode: a.appCode };
      byKey.set(groupKey(appGroup), appGroup);
      return {
        key: groupKey(appGroup),
        label: label(a.appName, a.count),
        // Choosing the app itself lists that app's items (the title also opens or closes it).
        onTitleClick: () => onChange(appGroup),
        children: [
          { key: `${groupKey(appGroup)}:all`, label: label(t('pages.todos.groupAppAll'), a.count) },
          ...a.schemas.map((s) => {
            const g: TodoGroup = { kind: 'schema', appCode: a.appCode, schemaCode: s.schemaCode };
            byKey.set(groupKey(g), g);
            return { key: groupKey(g), label: label(s.schemaName, s.count) };
          }),
        ],
      };
    }),
    ...(other > 0 ? [{ key: 'other', label: label(t('pages.todos.groupOther'), other) }] : []),
  ];
  byKey.set('other', otherGroup(summary));
  const selected = groupKey(value);
  return (
    <Menu
      // Opened with every app once the summary is in (defaultOpenKeys is read at mount only).
      key={apps.map((a) => a.appCode).join(',')}
      mode="inline"
      style={{ borderInlineEnd: 'none' }}
      selectedKeys={[value.kind === 'app' ? `${selected}:all` : selected]}
      defaultOpenKeys={apps.map((a) => `app:${a.appCode}`)}
      items={items}
      data-testid="todo-groups"
      onClick={({ key }) => {
        const g = byKey.get(key.endsWith(':all') && key !== 'all' ? key.slice(0, -4) : key);
        if (g) onChange(g);
      }}
    />
  );
}
