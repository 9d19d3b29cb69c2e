import { CommentOutlined, CustomerServiceOutlined, PhoneOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Flex, FloatButton, Modal, Popover, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAppNavigate } from '../navigation/useAppNavigate';
import { useSession } from '../session/session-context';
import { SUPPORT_CHANNELS, supportEntryType } from './support-channels';

/** The support QR code of the current team's entry type, with what to scan it with. */
function SupportQr() {
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

/** Spec §2 floating service widget: contact us, a feedback link and the support QR code. */
export function ServiceWidget() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const { pathname, search } = useLocation();
  const [contact, setContact] = useState(false);
  const toFeedback = () => {
    const from = `${pathname}${search}`;
    navigate(`/feedback?${new URLSearchParams({ compose: '1', from })}`);
  };
  return (
    <>
      <FloatButton.Group
        trigger="click"
        icon={<CustomerServiceOutlined />}
        // No tooltip here: it would lie over the lowest item of the open group.
        aria-label={t('feedback.widget.open')}
        data-testid="service-widget"
      >
        <FloatButton
          icon={<PhoneOutlined />}
          tooltip={t('feedback.widget.contact')}
          aria-label={t('feedback.widget.contact')}
          onClick={() => setContact(true)}
          data-testid="service-contact"
        />
        <FloatButton
          icon={<CommentOutlined />}
          tooltip={t('feedback.widget.feedback')}
          aria-label={t('feedback.widget.feedback')}
          onClick={toFeedback}
          data-testid="service-feedback"
        />
        <Popover placement="left" title={t('feedback.widget.qr')} content={<SupportQr />} trigger={['hover', 'click']}>
          <FloatButton icon={<QrcodeOutlined />} aria-label={t('feedback.widget.qr')} data-testid="service-qr-button" />
        </Popover>
      </FloatButton.Group>
      <Modal
        open={contact}
        title={t('feedback.widget.contactTitle')}
        footer={null}
        onCancel={() => setContact(false)}
        width={360}
      >
        <Flex vertical align="center" gap={12}>
          <Typography.Paragraph style={{ margin: 0 }}>{t('feedback.widget.contactText')}</Typography.Paragraph>
          <SupportQr />
          <Typography.Link
            onClick={() => {
              setContact(false);
              toFeedback();
            }}
          >
            {t('feedback.widget.feedback')}
          </Typography.Link>
        </Flex>
      </Modal>
    </>
  );
}
