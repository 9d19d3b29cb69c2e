import type { Department } from '@canopy/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shell/session/session-context';
import { orgApi, orgKeys } from '../api/org-api';

interface Node {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
  disabled: boolean;
}

interface DepartmentTreeSelectProps {
  value?: string | string[];
  /** `labels`: the picked departments' names, in the order of the value. */
  onChange?: (value: string | string[], labels: string[]) => void;
  multiple?: boolean;
  /** A department that cannot be picked, nor anything under it (moving a department into itself). */
  excludeId?: string;
  /** Departments known up front (e.g. the member's current ones), so their names show before loading. */
  known?: { objectId: string; name: string }[];
  testId?: string;
  /** The control's name for assistive technology where no form label names it. */
  ariaLabel?: string;
  /** The id a form label points at (WCAG 1.3.1, 4.1.2). */
  id?: string;
}

function toNode(d: Department, excludeId: string | undefined): Node {
  const excluded = d.objectId === excludeId;
  return {
    id: d.objectId,
    pId: d.parentId,
    value: d.objectId,
    title: d.name,
    isLeaf: excluded || !d.hasChildren,
    disabled: excluded,
  };
}

/** Picks one or more departments from the lazily loaded tree. */
export function DepartmentTreeSelect({
  value,
  onChange,
  multiple,
  excludeId,
  known = [],
  testId,
  ariaLabel,
  id,
}: DepartmentTreeSelectProps) {
  const { t } = useTranslation();
  const { current } = useSession();
  const engineCode = current?.engineCode ?? '';
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState<Node[]>([]);
  const root = useQuery({ queryKey: orgKeys.root(engineCode), queryFn: orgApi.root });

  const nodes = new Map<string, Node>();
  if (root.data) nodes.set(root.data.objectId, { ...toNode(root.data, excludeId), pId: '' });
  for (const n of loaded) nodes.set(n.id, n);
  // Selected departments not loaded yet still show their names (hung under the root until loaded).
  for (const k of known) {
    if (!nodes.has(k.objectId) && root.data)
      nodes.set(k.objectId, {
        id: k.objectId,
        pId: root.data.objectId,
        value: k.objectId,
        title: k.name,
        isLeaf: true,
        disabled: false,
      });
  }

  const loadData = async (parentId: string) => {
    const children = await queryClient.fetchQuery({
      queryKey: orgKeys.children(engineCode, parentId),
      queryFn: () => orgApi.children(parentId),
    });
    setLoaded((prev) => [
      ...prev.filter((n) => !children.some((c) => c.objectId === n.id)),
      ...children.map((c) => toNode(c, excludeId)),
    ]);
  };

  return (
    <TreeSelect
      id={id}
      treeDataSimpleMode={{ id: 'id', pId: 'pId' }}
      treeData={[...nodes.values()]}
      loadData={(node) => loadData(String(node.value))}
      value={value}
      onChange={(v: string | string[], labels) => onChange?.(v, labels.map(String))}
      multiple={multiple}
      // Typing narrows the departments loaded so far (the root's children open with the list).
      showSearch
      treeNodeFilterProp="title"
      loading={root.isPending}
      treeDefaultExpandedKeys={root.data ? [root.data.objectId] : []}
      placeholder={t('org.pickDepartment')}
      style={{ width: '100%' }}
      popupMatchSelectWidth
      data-testid={testId}
      aria-label={ariaLabel}
    />
  );
}
