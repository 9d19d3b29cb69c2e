import { LinkOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Tooltip, Typography } from 'antd';
import { type RefObject, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const LINK_PATTERN = /^(https?:\/\/\S+|mailto:\S+)$/i;

/** The editor's link button: asks for the address, then links the text that was selected. */
export function LinkButton({
  editor,
  onLink,
}: {
  editor: RefObject<HTMLDivElement | null>;
  onLink: (url: string, insertText: boolean) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);
  const saved = useRef<Range | null>(null);

  const openPopover = () => {
    const selection = document.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    saved.current = range && editor.current?.contains(range.commonAncestorContainer) ? range.cloneRange() : null;
    setUrl('');
    setInvalid(false);
    setOpen(true);
  };
  const apply = () => {
    const value = url.trim();
    if (!LINK_PATTERN.test(value)) {
      setInvalid(true);
      return;
    }
    setOpen(false);
    editor.current?.focus();
    const selection = document.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
    // Without selected text the address itself becomes the link's text.
    onLink(value, !saved.current || saved.current.collapsed);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => (next ? openPopover() : setOpen(false))}
      trigger="click"
      title={t('appIntro.linkTitle')}
      content={
        <Flex vertical gap={6} style={{ width: 300 }}>
          <Flex gap={8}>
            <Input
              autoFocus
              value={url}
              status={invalid ? 'error' : undefined}
              placeholder={t('appIntro.linkPlaceholder')}
              onChange={(event) => setUrl(event.target.value)}
              onPressEnter={apply}
            />
            <Button type="primary" onClick={apply}>
              {t('common.confirm')}
            </Button>
          </Flex>
          {invalid && (
            <Typography.Text type="danger" style={{ fontSize: 12 }}>
              {t('appIntro.linkInvalid')}
            </Typography.Text>
          )}
        </Flex>
      }
    >
      <Tooltip title={t('appIntro.link')}>
        <Button
          type="text"
          size="small"
          icon={<LinkOutlined />}
          aria-label={t('appIntro.link')}
          onMouseDown={(event) => event.preventDefault()}
        />
      </Tooltip>
    </Popover>
  );
}
