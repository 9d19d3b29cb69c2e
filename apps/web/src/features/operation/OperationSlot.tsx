import { SystemEndpoints } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../shell/api/client';
import { PlainCard } from '../../shell/layout/PlainCard';
import { PlainList, PlainListItem, PlainListMeta } from '../../shell/layout/PlainList';
import { RichTextView } from '../apps/components/intro/RichTextView';

const formatDate = (ms: number) => new Date(ms).toLocaleDateString('sv-SE');

/**
 * The operation area (spec §2): 产品动态, the items the instance administrator publishes (none ship
 * with the product). Loaded as its own chunk, like the other sub-applications, and never shown in
 * private deployments (the home page decides that). No items, or none yet loaded: no panel at all.
 */
export default function OperationSlot() {
  const { t } = useTranslation();
  const news = useQuery({
    queryKey: ['system', 'announcements'],
    queryFn: () => call(SystemEndpoints.announcements, { tenant: false, errors: 'silent' }),
    staleTime: 5 * 60_000,
  });
  // Items whose window has ended are left out (spec §7 opdata), should a cached list still hold one.
  const expired = useQuery({
    queryKey: ['system', 'opdata', 'expired'],
    queryFn: () => call(SystemEndpoints.expiredTags, { tenant: false, errors: 'silent' }),
    staleTime: 5 * 60_000,
  });
  const hidden = new Set(expired.data ?? []);
  const items = news.data?.filter((item) => !hidden.has(item.id)) ?? [];
  if (items.length === 0) return null;
  return (
    <PlainCard title={t('operation.title')} size="small" data-testid="operation-slot">
      <PlainList split={false}>
        {items.map((item) => (
          <PlainListItem key={item.id} style={{ padding: '6px 0' }} data-testid={`operation-item-${item.id}`}>
            <PlainListMeta
              title={<Typography.Text strong>{item.title}</Typography.Text>}
              description={
                <>
                  <div style={{ color: 'var(--ant-color-text-secondary)', marginBottom: 2 }}>
                    <RichTextView html={item.body} />
                  </div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDate(item.startsAt)}
                  </Typography.Text>
                  {item.link && (
                    <span style={{ marginInlineStart: 12, fontSize: 12 }}>
                      {item.link.startsWith('/') ? (
                        <Link to={item.link}>{t('operation.more')}</Link>
                      ) : (
                        <a href={item.link} target="_blank" rel="noopener noreferrer">
                          {t('operation.more')}
                        </a>
                      )}
                    </span>
                  )}
                </>
              }
            />
          </PlainListItem>
        ))}
      </PlainList>
    </PlainCard>
  );
}
