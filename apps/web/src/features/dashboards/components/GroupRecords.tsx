import { type FilterGroup, RecordEndpoints } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, Empty, List, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../shell/api/client';
import { errorText } from '../../../shell/api/form-errors';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { useAppWorkspace } from '../../apps/hooks/app-context';

const PAGE = 50;

/** A clicked group's records (a bar, a slice, a table row), fetched by the records list within the viewer's rules. */
export function GroupRecords({
  schemaCode,
  filter,
  title,
  onClose,
}: {
  schemaCode: string;
  filter: FilterGroup;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { engineCode, appCode } = useAppWorkspace();
  const navigate = useAppNavigate();
  const records = useQuery({
    queryKey: ['dashboards', engineCode, appCode, 'group-records', schemaCode, filter],
    queryFn: ({ signal }) =>
      call(RecordEndpoints.query, {
        params: { appCode, schemaCode },
        body: { filter, limit: PAGE },
        signal,
        errors: 'inline',
      }),
    retry: false,
  });
  const open = (id: string) =>
    navigate(`/app/${encodeURIComponent(appCode)}/${encodeURIComponent(schemaCode)}?record=${encodeURIComponent(id)}`);
  return (
    <Drawer open title={title} size={420} onClose={onClose} data-testid="group-records">
      {records.isError ? (
        <Alert type="error" showIcon title={errorText(records.error)} />
      ) : !records.data ? (
        <Skeleton active />
      ) : !records.data.resultList.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboards.noData')} />
      ) : (
        <>
          <List
            size="small"
            dataSource={records.data.resultList}
            renderItem={(r) => (
              <List.Item onClick={() => open(r.id)} style={{ cursor: 'pointer' }} data-testid="group-record">
                <Typography.Link>{r.title || r.id}</Typography.Link>
              </List.Item>
            )}
          />
          {records.data.nextCursor && (
            <Typography.Text type="secondary">{t('dashboards.firstRecords', { count: PAGE })}</Typography.Text>
          )}
        </>
      )}
    </Drawer>
  );
}
