import { useMemo } from 'react';
import { sanitizeRichText } from './sanitize';
import './rich-text.css';

/** Shows rich text from the server, sanitized again before it reaches the page. */
export function RichTextView({ html, testId }: { html: string; testId?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <div
      className="canopy-rich-text"
      style={{ lineHeight: 1.7, wordBreak: 'break-word' }}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above
      dangerouslySetInnerHTML={{ __html: clean }}
      data-testid={testId}
    />
  );
}
