import { App, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppNavigate } from '../../../shell/navigation/useAppNavigate';
import { type ContentPart, isPayloadComplete, parseLetterContent } from '../lib/letter-content';

interface LetterContentProps {
  content: string;
  /** A link was followed (the letter is marked read). */
  onFollow?: (link: Extract<ContentPart, { kind: 'link' }>) => void;
}

/**
 * A letter's text with its links; a link opens in the app (or a new tab when its target says so),
 * unless its payload lacks fields: then "数据不完整" shows and nothing opens.
 */
export function LetterContent({ content, onFollow }: LetterContentProps) {
  const parts = useMemo(() => parseLetterContent(content), [content]);
  const navigate = useAppNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation();
  return (
    <span>
      {parts.map((part, i) =>
        part.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one content never move
          <span key={i}>{part.text}</span>
        ) : (
          <Typography.Link
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one content never move
            key={i}
            href={part.href}
            target={part.target}
            // Within a sentence a link must not differ by colour alone (WCAG 1.4.1).
            underline
            data-testid="letter-link"
            onClick={(e) => {
              e.stopPropagation();
              if (!isPayloadComplete(part.payload)) {
                // Spec §8: an incomplete payload says so instead of opening anything.
                e.preventDefault();
                void message.warning(t('notice.incomplete'));
                return;
              }
              onFollow?.(part);
              if (part.target === '_blank') return;
              e.preventDefault();
              navigate(part.href);
            }}
          >
            {part.text}
          </Typography.Link>
        ),
      )}
    </span>
  );
}
