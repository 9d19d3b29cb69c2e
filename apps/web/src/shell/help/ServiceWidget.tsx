import { CommentOutlined, CustomerServiceOutlined, PhoneOutlined, QrcodeOutlined } from '@ant-design/icons';
import { Flex, Modal, Popover, Skeleton, Typography } from 'antd';
// The button and its group alone: antd's index also brings BackTop (scrolling to the top) to /home.
import FloatButton from 'antd/es/float-button/FloatButton';
import FloatButtonGroup from 'antd/es/float-button/FloatButtonGroup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { lazyPart } from '../app/lazy-chunk';
import { useAppNavigate } from '../navigation/useAppNavigate';

/** The QR code's renderer arrives when the code is first shown (hover or the contact dialog). */
const SupportQr = lazyPart(
  () => import('./SupportQr').then((m) => m.SupportQr),
  <Skeleton.Node active style={{ width: 148, height: 148 }} />,
);

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
      <FloatButtonGroup
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
      </FloatButtonGroup>
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
