import { Flex, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-context';
import { SUPPORT_CHANNELS, supportEntryType } from './support-channels';

/** The support QR code of the current team's entry type, with what to scan it with. */
export function SupportQr() {
  const { t } = useTranslation();
  const { current } = useSession();
  const type = supportEntryType(current?.entryType);
  return (
    <Flex vertical align="center" gap={4} data-testid="service-qr" data-entry-type={type}>
      <QRCode value={SUPPORT_CHANNELS[type]} size={148} bordered={false} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(`feedback.widget.qrCaption.${type}`)}
      </Typography.Text>
    </Flex>
  );
}
