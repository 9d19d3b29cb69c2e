import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { BRAND_COLOR } from '../app/theme';

/** The Canopy mark (a tree crown) with the product name. */
export function ProductLogo({ size = 28, showName = true }: { size?: number; showName?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" gap={8}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill={BRAND_COLOR} />
        <path d="M16 6c-5 0-9 3.6-9 8.2 0 2.6 1.4 4.6 3.6 5.6h10.8c2.2-1 3.6-3 3.6-5.6C25 9.6 21 6 16 6z" fill="#fff" />
        <rect x="14.6" y="19" width="2.8" height="7" rx="1.2" fill="#fff" />
      </svg>
      {showName && (
        <Typography.Text strong style={{ fontSize: size * 0.62, letterSpacing: 0.2 }}>
          {t('common.appName')}
        </Typography.Text>
      )}
    </Flex>
  );
}
