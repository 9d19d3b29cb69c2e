import { UserAddOutlined } from '@ant-design/icons';
import { OrgEndpoints } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shell/api/client';
import { useSession } from '../../../shell/session/session-context';
import { orgKeys } from '../../members/api/org-api';
import { DepartmentTreeSelect } from '../../members/components/DepartmentTreeSelect';
import { MemberPicker } from '../../members/components/MemberPicker';

type NameKind = 'members' | 'departments';

/** Ids asked for in the same tick go out in one request per kind (a list's cells share it). */
interface Batch {
  ids: Set<string>;
  waiters: (() => void)[];
  result?: Map<string, string>;
}
const pending: Record<NameKind, Batch | null> = {
  members: null,
  departments: null,
};

async function fetchNames(kind: NameKind, ids: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    if (kind === 'members') {
      const rows = await call(OrgEndpoints.membersByIds, { body: { ids: chunk }, errors: 'inline' });
      for (const m of rows) names.set(m.memberId, m.userName);
    } else {
      const rows = await call(OrgEndpoints.departmentsByIds, { body: { ids: chunk }, errors: 'inline' });
      for (const d of rows) names.set(d.objectId, d.name);
    }
  }
  return names;
}

function loadNames(kind: NameKind, ids: string[]): Promise<Record<string, string>> {
  let batch = pending[kind];
  if (!batch) {
    const created: Batch = { ids: new Set(), waiters: [] };
    pending[kind] = created;
    batch = created;
    setTimeout(() => {
      pending[kind] = null;
      fetchNames(kind, [...created.ids]).then(
        (names) => {
          created.result = names;
          for (const w of created.waiters) w();
        },
        () => {
          for (const w of created.waiters) w();
        },
      );
    }, 0);
  }
  for (const id of ids) batch.ids.add(id);
  const mine = batch;
  return new Promise((resolve, reject) => {
    mine.waiters.push(() => {
      if (!mine.result) reject(new Error('names'));
      else resolve(Object.fromEntries(ids.map((id) => [id, mine.result?.get(id) ?? id])));
    });
  });
}

/** Names of the members or departments shown, by id; cached by the sorted ids. */
function useNames(kind: NameKind, ids: string[]): Map<string, string> {
  const engineCode = useSession().current?.engineCode ?? '';
  const sorted = [...new Set(ids)].sort();
  const query = useQuery({
    queryKey: [...orgKeys.all(engineCode), `${kind}-by-ids`, sorted],
    queryFn: () => loadNames(kind, sorted),
    enabled: sorted.length > 0,
    staleTime: 60_000,
    // Keeps the names already known while a changed selection loads.
    placeholderData: (previous) => previous,
  });
  return new Map(Object.entries(query.data ?? {}));
}

export function MemberNames({ ids }: { ids: string[] }) {
  const names = useNames('members', ids);
  return <span>{ids.map((id) => names.get(id) ?? id).join('、')}</span>;
}

export function MemberInput(props: {
  value?: string[];
  onChange?: (v: string[]) => void;
  multiple: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const names = useNames('members', props.value ?? []);
  const [open, setOpen] = useState(false);
  const value = props.value ?? [];
  return (
    <Flex wrap gap={4} align="center">
      {value.map((id) => (
        <Tag key={id} closable={!props.disabled} onClose={() => props.onChange?.(value.filter((x) => x !== id))}>
          {names.get(id) ?? id}
        </Tag>
      ))}
      <Button size="small" icon={<UserAddOutlined />} disabled={props.disabled} onClick={() => setOpen(true)}>
        {t('tables.pickMember')}
      </Button>
      <MemberPicker
        open={open}
        mode={props.multiple ? 'multiple' : 'transfer'}
        onCancel={() => setOpen(false)}
        onOk={(members) => {
          const picked = members.map((m) => m.memberId);
          props.onChange?.(props.multiple ? [...new Set([...value, ...picked])] : picked.slice(0, 1));
          setOpen(false);
        }}
      />
    </Flex>
  );
}

export function DepartmentInput(props: {
  /** From the form item: its label names the picker through this id. */
  id?: string;
  value?: string[];
  onChange?: (v: string[]) => void;
  multiple: boolean;
  disabled?: boolean;
}) {
  const known = useKnownDepartments(props.value ?? []);
  return (
    <DepartmentTreeSelect
      id={props.id}
      known={known}
      multiple={props.multiple}
      value={props.multiple ? (props.value ?? []) : props.value?.[0]}
      onChange={(v) => props.onChange?.(Array.isArray(v) ? v : v ? [v] : [])}
    />
  );
}

/** Selected departments with their names, so a tree select shows names before their branch loads. */
export function useKnownDepartments(ids: string[]): { objectId: string; name: string }[] {
  const names = useNames('departments', ids);
  return ids.filter((id) => names.has(id)).map((id) => ({ objectId: id, name: names.get(id) ?? id }));
}

/** Department names by id. */
export function DepartmentNames({ ids }: { ids: string[] }) {
  const names = useNames('departments', ids);
  return <span>{ids.map((id) => names.get(id) ?? id).join('、')}</span>;
}
