import { CloseOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Col, Row, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHelpCenter } from '../../../shell/help/help-center-context';
import { HELP_TOPIC_SLUG, HELP_TOPICS } from '../../../shell/help/help-topics';
import { PlainCard } from '../../../shell/layout/PlainCard';

/** The closable help panel with the six starter articles (spec §2 Home layout). */
export function HomeHelpPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { openHelp } = useHelpCenter();
  return (
    <PlainCard
      title={t('help.panelTitle')}
      data-testid="home-help-panel"
      extra={
        <Tooltip title={t('help.panelClose')}>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('help.panelClose')}
            data-testid="home-help-close"
            onClick={onClose}
          />
        </Tooltip>
      }
    >
      <Row gutter={[12, 12]}>
        {HELP_TOPICS.map((topic) => (
          <Col key={topic} xs={24} sm={12} lg={8}>
            <Button
              block
              icon={<ReadOutlined />}
              style={{ justifyContent: 'flex-start' }}
              data-testid={`home-help-${HELP_TOPIC_SLUG[topic]}`}
              onClick={() => openHelp(topic)}
            >
              <Typography.Text ellipsis>{t(`help.topics.${topic}.title`)}</Typography.Text>
            </Button>
          </Col>
        ))}
      </Row>
    </PlainCard>
  );
}
