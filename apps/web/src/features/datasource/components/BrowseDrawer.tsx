import { DataSourceEndpoints, type DataSourceInfo } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Collapse, Drawer, Empty, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shell/api/client';
import { errorText } from '../../../shell/api/form-errors';
import { inline } from '../api';

/** A database source's tables, each with its columns and the field types they become. */
export function BrowseDrawer({
  appCode,
  source,
  onClose,
}: {
  appCode: string;
  source: DataSourceInfo;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const tables = useQuery({
    queryKey: ['datasource-tables', appCode, source.id],
    queryFn: () => call(DataSourceEndpoints.tables, { params: { appCode, id: source.id }, ...inline }),
    retry: false,
  });
  return (
    <Drawer open width={640} title={`${source.name} · ${t('datasource.tables')}`} onClose={onClose} destroyOnHidden>
      <div data-testid="browse-drawer">
        {tables.isLoading && <Spin />}
        {tables.error && <Alert type="error" showIcon title={errorText(tables.error)} />}
        {tables.data && !tables.data.tables.length && <Empty description={t('datasource.noTables')} />}
        {tables.data && tables.data.tables.length > 0 && (
          <Collapse
            size="small"
            items={tables.data.tables.map((table) => ({
              key: table.name,
              label: table.name,
              extra: <Tag>{t('datasource.columns', { count: table.columns.length })}</Tag>,
              children: (
                <Table
                  size="small"
                  rowKey="name"
                  pagination={false}
                  dataSource={table.columns}
                  columns={[
                    { title: t('datasource.column'), dataIndex: 'name' },
                    { title: t('datasource.sourceType'), dataIndex: 'sourceType' },
                    {
                      title: t('datasource.fieldType'),
                      render: (_, c) => t(`datasource.fieldTypes.${c.fieldType}`),
                    },
                  ]}
                />
              ),
            }))}
          />
        )}
      </div>
    </Drawer>
  );
}
