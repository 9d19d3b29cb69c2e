import type { Department, MemberRow } from '@canopy/contract';
import { Col, Input, Pagination, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../hooks/useDebouncedValue';
import { useDepartmentTree } from '../hooks/useDepartmentTree';
import { useMemberList } from '../hooks/useMemberList';
import { DepartmentTree } from './DepartmentTree';
import { MemberChoiceList } from './MemberChoiceList';

const PAGE_SIZE = 20;

interface MemberPickerBrowserProps {
  single: boolean;
  selectedIds: Set<string>;
  excluded: Set<string>;
  onToggle: (member: MemberRow) => void;
}

/** The picker's body: a search box and the department tree left, that department's members right. */
export function MemberPickerBrowser({ single, selectedIds, excluded, onToggle }: MemberPickerBrowserProps) {
  const { t } = useTranslation();
  const tree = useDepartmentTree();
  const [department, setDepartment] = useState<Department | undefined>();
  const [text, setText] = useState('');
  const keyword = useDebouncedValue(text, 300);
  const [page, setPage] = useState(1);
  const searching = Boolean(keyword.trim());
  const list = useMemberList({
    departmentId: searching ? undefined : (department ?? tree.root)?.objectId,
    deep: true,
    keyword,
    status: 'ACTIVE',
    page,
    pageSize: PAGE_SIZE,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or department starts at page 1
  useEffect(() => setPage(1), [keyword, department]);

  return (
    <Row gutter={16}>
      <Col span={9}>
        <Input.Search
          allowClear
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('org.searchPlaceholder')}
          style={{ marginBottom: 8 }}
          data-testid="picker-search"
        />
        <div style={{ height: 320, overflowY: 'auto', opacity: searching ? 0.5 : 1 }}>
          <DepartmentTree
            tree={tree}
            selectedId={searching ? undefined : (department ?? tree.root)?.objectId}
            onSelect={(d) => {
              setText('');
              setDepartment(d);
            }}
            canManage={false}
            onAction={() => undefined}
          />
        </div>
      </Col>
      <Col span={15}>
        <div
          style={{ height: 320, overflowY: 'auto', border: '1px solid rgba(5,5,5,0.06)', borderRadius: 6, padding: 8 }}
        >
          <MemberChoiceList
            rows={list.rows}
            loading={list.fetching}
            single={single}
            selectedIds={selectedIds}
            excluded={excluded}
            onToggle={onToggle}
          />
        </div>
        {list.total > PAGE_SIZE && (
          <Pagination
            size="small"
            simple
            current={page}
            pageSize={PAGE_SIZE}
            total={list.total}
            onChange={setPage}
            style={{ marginTop: 8, textAlign: 'right' }}
          />
        )}
      </Col>
    </Row>
  );
}
