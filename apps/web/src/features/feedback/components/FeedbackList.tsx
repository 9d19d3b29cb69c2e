import type { FeedbackItem, FeedbackPage } from '@canopy/contract';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Button, Empty, Flex, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FeedbackCard } from './FeedbackCard';

interface FeedbackListProps {
  query: UseInfiniteQueryResult<InfiniteData<FeedbackPage>>;
  empty: string;
  onAnswer?: (item: FeedbackItem) => void;
}

/** A list of feedback, newest first, with "load more" while the server has more. */
export function FeedbackList({ query, empty, onAnswer }: FeedbackListProps) {
  const { t } = useTranslation();
  if (query.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (!items.length) return <Empty description={empty} data-testid="feedback-empty" />;
  return (
    <Flex vertical gap={12} data-testid="feedback-list">
      {items.map((item) => (
        <FeedbackCard key={item.id} item={item} {...(onAnswer ? { onAnswer } : {})} />
      ))}
      <Flex justify="center">
        {query.hasNextPage ? (
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('feedback.loadMore')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('feedback.noMore')}</Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
