import { BellOutlined } from '@ant-design/icons';
import { Limits } from '@canopy/contract';
import { Badge, Button, Empty, Flex, Popover, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../shell/navigation/AppLink';
import { useSession } from '../../../shell/session/session-context';
import { useUnreadCount } from '../hooks/useUnreadCount';

/**
 * The bell with the unread badge (999+ above 999) and the notification popup. The unread list
 * itself comes with the notification list API; until then the popup says honestly what it knows.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const { current } = useSession();
  const count = useUnreadCount(current?.engineCode);
  const [open, setOpen] = useState(false);

  const content = (
    <div style={{ width: 320 }} data-testid="notice-popover">
      <Flex align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Typography.Text strong>{t('notice.popupTitle')}</Typography.Text>
      </Flex>
      {count === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notice.empty')} style={{ margin: '16px 0' }} />
      ) : (
        <div style={{ padding: '12px 0' }}>
          <Typography.Text>{t('notice.unreadSummary', { count })}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t('notice.unreadListPending')}</Typography.Text>
        </div>
      )}
      <Flex justify="center" style={{ borderTop: '1px solid rgba(5,5,5,0.06)', paddingTop: 8 }}>
        <AppLink to="/notice" onClick={() => setOpen(false)} data-testid="notice-view-all">
          {t('common.viewAll')}
        </AppLink>
      </Flex>
    </div>
  );

  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen} arrow={false}>
      <Tooltip title={t('header.notifications')} open={open ? false : undefined}>
        <Badge count={count} overflowCount={Limits.unreadBadgeMax} size="small" offset={[-6, 6]}>
          <Button
            type="text"
            shape="circle"
            className="canopy-header-icon"
            icon={<BellOutlined />}
            aria-label={t('header.notifications')}
            data-testid="header-notice"
            data-tour="notice"
          />
        </Badge>
      </Tooltip>
    </Popover>
  );
}
