import { Card, Empty, Typography } from 'antd';
import type { ReactNode } from 'react';

interface UpcomingStateProps {
  /** What there is (nothing yet), e.g. 暂无通知. */
  title: string;
  /** Why, and what will appear here. */
  hint: string;
  extra?: ReactNode;
}

/**
 * The honest empty state of a screen whose data arrives in a later version: it says so instead of
 * showing invented rows or buttons that do nothing.
 */
export function UpcomingState({ title, hint, extra }: UpcomingStateProps) {
  return (
    <Card>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        style={{ padding: '48px 0' }}
        description={
          <>
            <Typography.Text strong>{title}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{hint}</Typography.Text>
          </>
        }
      >
        {extra}
      </Empty>
    </Card>
  );
}
