import { HomeOutlined } from '@ant-design/icons';
import { Button, Flex, Layout, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppIcon } from '../../features/apps/components/AppIcon';
import { useAppNavigate } from '../navigation/useAppNavigate';
import { HeaderActions } from './HeaderActions';

interface AppTypeHeaderProps {
  title: string;
  /** The app's theme colour index (spec §3), e.g. the `color` route parameter before the app has loaded. */
  color: number | string | null;
  icon?: string;
  /** Beside the app's name, e.g. the app settings popover. */
  titleExtra?: ReactNode;
  /** Before the shared actions on the right, e.g. the admin-mode switch. */
  actionsBefore?: ReactNode;
}

/** The application-type header of app pages: back to the workbench, the app's mark and name, then the shared actions. */
export function AppTypeHeader({ title, color, icon = 'appstore', titleExtra, actionsBefore }: AppTypeHeaderProps) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  return (
    <Layout.Header
      data-testid="app-type-header"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 16,
        borderBottom: '1px solid rgba(5,5,5,0.06)',
        flex: 'none',
      }}
    >
      <Flex align="center" gap={12} style={{ minWidth: 0 }}>
        <Tooltip title={t('header.home')}>
          <Button
            type="text"
            shape="circle"
            className="canopy-header-icon"
            icon={<HomeOutlined />}
            aria-label={t('header.home')}
            data-testid="header-home"
            onClick={() => navigate('/home')}
          />
        </Tooltip>
        <AppIcon icon={icon} color={color} size={30} />
        <Typography.Text strong ellipsis style={{ fontSize: 16, maxWidth: 360 }} data-testid="app-title">
          {title}
        </Typography.Text>
        {titleExtra}
      </Flex>
      <Flex align="center" gap={12}>
        {actionsBefore}
        <HeaderActions />
      </Flex>
    </Layout.Header>
  );
}
