import { SystemEndpoints } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../shell/api/client';
import { PlainCard } from '../../shell/layout/PlainCard';
import { PlainList, PlainListItem, PlainListMeta } from '../../shell/layout/PlainList';

/**
 * The operation area (spec §2): product news on the workbench. Loaded as its own chunk, like the
 * other sub-applications, and never shown in private deployments (the home page decides that).
 */
export default function OperationSlot() {
  const { t, i18n } = useTranslation();
  const news = useQuery({
    queryKey: ['system', 'announcements', i18n.language],
    queryFn: () => call(SystemEndpoints.announcements, { tenant: false, errors: 'silent' }),
    staleTime: 30 * 60_000,
  });
  // Time-limited items (an event, an offer) whose last day has passed are left out (spec §7 opdata).
  const expired = useQuery({
    queryKey: ['system', 'opdata', 'expired'],
    queryFn: () => call(SystemEndpoints.expiredTags, { tenant: false, errors: 'silent' }),
    staleTime: 30 * 60_000,
  });
  const hidden = new Set(expired.data ?? []);
  const items = news.data?.filter((item) => !hidden.has(item.id));
  if (news.isError || (items && items.length === 0)) return null;
  return (
    <PlainCard title={t('operation.title')} size="small" data-testid="operation-slot">
      {news.isPending || expired.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <PlainList split={false}>
          {items?.map((item) => (
            <PlainListItem key={item.id} style={{ padding: '6px 0' }} data-testid={`operation-item-${item.id}`}>
              <PlainListMeta
                title={<Typography.Text strong>{item.title}</Typography.Text>}
                description={
                  <>
                    <Typography.Paragraph type="secondary" style={{ marginBottom: 2 }}>
                      {item.summary}
                    </Typography.Paragraph>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {item.date}
                    </Typography.Text>
                  </>
                }
              />
            </PlainListItem>
          ))}
        </PlainList>
      )}
    </PlainCard>
  );
}
