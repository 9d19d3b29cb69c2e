import type { Letter } from '@canopy/contract';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import { LetterContent } from './LetterContent';

interface LetterItemProps {
  letter: Letter;
  /** The item or a link in it was clicked. */
  onRead: (letter: Letter) => void;
  /** A link in it was followed (after onRead). */
  onFollow?: () => void;
}

/** One letter in the popup: subject (bold while unread), content with its links, time. */
export function LetterItem({ letter, onRead, onFollow }: LetterItemProps) {
  const unread = letter.readStatus === 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a list row holding links cannot be a button
    <div
      role="button"
      tabIndex={0}
      className="canopy-letter-item"
      data-testid="letter-item"
      data-letter-id={letter.id}
      data-unread={unread ? '1' : '0'}
      onClick={() => onRead(letter)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onRead(letter);
      }}
      style={{ padding: '8px 4px', borderBottom: '1px solid rgba(5,5,5,0.06)', cursor: 'pointer' }}
    >
      <Typography.Text strong={unread} style={{ display: 'block' }}>
        {unread && <span className="canopy-letter-dot" aria-hidden />}
        {letter.subject}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        <LetterContent
          content={letter.content}
          onFollow={() => {
            onRead(letter);
            onFollow?.();
          }}
        />
      </Typography.Text>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {dayjs(letter.createTime).format('YYYY-MM-DD HH:mm')}
      </Typography.Text>
    </div>
  );
}
