import type { FeedbackItem, FeedbackStatus } from '@canopy/contract';
import { Button, Card, Flex, Image, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const STATUS_COLOR: Record<FeedbackStatus, string> = {
  open: 'orange',
  inProgress: 'blue',
  resolved: 'green',
  closed: 'default',
};

const time = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');

interface FeedbackCardProps {
  item: FeedbackItem;
  /** The administrator's list: who sent it and an answer button. */
  onAnswer?: (item: FeedbackItem) => void;
}

/** One feedback: what was sent, where from, its status and the administrator's answer. */
export function FeedbackCard({ item, onAnswer }: FeedbackCardProps) {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid="feedback-item" data-feedback-id={item.id}>
      <Flex vertical gap={8}>
        <Flex align="center" gap={8} wrap>
          <Tag color={STATUS_COLOR[item.status]} data-testid="feedback-status">
            {t(`feedback.statuses.${item.status}`)}
          </Tag>
          <Tag>{t(`feedback.categories.${item.category}`)}</Tag>
          {item.appName && (
            <Tag color="purple" data-testid="feedback-app">
              {t('feedback.app')}：{item.appName}
            </Tag>
          )}
          <Typography.Text type="secondary">{time(item.createdAt)}</Typography.Text>
          {onAnswer && (
            <Typography.Text type="secondary" data-testid="feedback-sender">
              {t('feedback.sender', { name: item.senderName, corp: item.corpName })}
            </Typography.Text>
          )}
          {onAnswer && (
            <Button
              size="small"
              style={{ marginLeft: 'auto' }}
              onClick={() => onAnswer(item)}
              data-testid="feedback-answer"
            >
              {t('feedback.reply')}
            </Button>
          )}
        </Flex>
        <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }} data-testid="feedback-detail">
          {item.detail}
        </Typography.Paragraph>
        {item.screenshots.length > 0 && (
          <Image.PreviewGroup>
            <Flex wrap gap={8}>
              {item.screenshots.map((f) => (
                <Image
                  key={f.id}
                  src={f.url}
                  alt={f.name}
                  width={72}
                  height={72}
                  style={{ objectFit: 'cover', borderRadius: 4 }}
                  data-testid="feedback-screenshot"
                />
              ))}
            </Flex>
          </Image.PreviewGroup>
        )}
        {item.pageUrl && (
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
            {t('feedback.page')}：{item.pageUrl}
          </Typography.Text>
        )}
        <div
          style={{ background: 'rgba(0,0,0,0.03)', borderRadius: 6, padding: '8px 12px' }}
          data-testid="feedback-answer-text"
        >
          {item.answer ? (
            <>
              <Typography.Text strong>{t('feedback.answer')}</Typography.Text>
              {item.answeredAt && (
                <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                  {t('feedback.answeredAt', { time: time(item.answeredAt) })}
                </Typography.Text>
              )}
              <Typography.Paragraph style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
                {item.answer}
              </Typography.Paragraph>
            </>
          ) : (
            <Typography.Text type="secondary">{t('feedback.noAnswer')}</Typography.Text>
          )}
        </div>
      </Flex>
    </Card>
  );
}
