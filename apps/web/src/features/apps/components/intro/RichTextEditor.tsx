import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Divider, Flex, Tooltip, theme } from 'antd';
import { type ClipboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './LinkButton';
import { hasVisibleText, sanitizeRichText } from './sanitize';
import './rich-text.css';

const COMMANDS = [
  { command: 'bold', icon: <BoldOutlined />, label: 'appIntro.bold' },
  { command: 'italic', icon: <ItalicOutlined />, label: 'appIntro.italic' },
  { command: 'underline', icon: <UnderlineOutlined />, label: 'appIntro.underline' },
  { command: 'insertOrderedList', icon: <OrderedListOutlined />, label: 'appIntro.orderedList' },
  { command: 'insertUnorderedList', icon: <UnorderedListOutlined />, label: 'appIntro.bulletList' },
] as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface RichTextEditorProps {
  initialHtml: string;
  onChange: (html: string) => void;
  placeholder: string;
  invalid?: boolean;
  footer?: ReactNode;
}

/**
 * A small rich-text editor on contentEditable: bold, italic, underline, lists and links (Ctrl+B/I/U
 * work too). Paragraphs are <p> so the server's allowlist keeps the lines; pasted HTML is sanitized.
 */
export function RichTextEditor({ initialHtml, onChange, placeholder, invalid, footer }: RichTextEditorProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const editor = useRef<HTMLDivElement>(null);
  const [empty, setEmpty] = useState(() => !hasVisibleText(initialHtml));
  const [active, setActive] = useState<string[]>([]);

  // The content is the DOM's own (uncontrolled); it is filled once from the saved introduction.
  useEffect(() => {
    // An empty editor starts with a paragraph, so the first line is one too.
    if (editor.current) editor.current.innerHTML = sanitizeRichText(initialHtml) || '<p><br></p>';
  }, [initialHtml]);

  useEffect(() => {
    const update = () => {
      const selection = document.getSelection();
      if (!editor.current || !selection?.anchorNode || !editor.current.contains(selection.anchorNode)) return;
      setActive(COMMANDS.filter((c) => document.queryCommandState(c.command)).map((c) => c.command));
    };
    document.addEventListener('selectionchange', update);
    return () => document.removeEventListener('selectionchange', update);
  }, []);

  const changed = () => {
    const html = editor.current?.innerHTML ?? '';
    setEmpty(!hasVisibleText(html) && !/<(ol|ul|li)\b/i.test(html));
    onChange(html);
  };
  const run = (command: string, value?: string) => {
    editor.current?.focus();
    document.execCommand('defaultParagraphSeparator', false, 'p');
    document.execCommand(command, false, value);
    changed();
  };
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    if (html) document.execCommand('insertHTML', false, sanitizeRichText(html));
    else document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
    changed();
  };

  return (
    <div
      style={{
        border: `1px solid ${invalid ? token.colorError : token.colorBorder}`,
        borderRadius: token.borderRadius,
        background: token.colorBgContainer,
      }}
    >
      <Flex align="center" gap={2} wrap style={{ padding: 4, borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
        {COMMANDS.map((c) => (
          <Tooltip key={c.command} title={t(c.label)}>
            <Button
              type={active.includes(c.command) ? 'primary' : 'text'}
              ghost={active.includes(c.command)}
              size="small"
              icon={c.icon}
              aria-label={t(c.label)}
              aria-pressed={active.includes(c.command)}
              // Keep the selection in the editor while the button is pressed.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(c.command)}
            />
          </Tooltip>
        ))}
        <LinkButton
          editor={editor}
          onLink={(url, insertText) =>
            insertText
              ? run('insertHTML', `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`)
              : run('createLink', url)
          }
        />
        <Divider orientation="vertical" />
        <Tooltip title={t('appIntro.clear')}>
          <Button
            type="text"
            size="small"
            icon={<ClearOutlined />}
            aria-label={t('appIntro.clear')}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => run('removeFormat')}
          />
        </Tooltip>
      </Flex>
      <div style={{ position: 'relative' }}>
        {empty && (
          <div
            aria-hidden
            style={{
              position: 'absolute',
              inset: '10px 12px',
              color: token.colorTextPlaceholder,
              pointerEvents: 'none',
            }}
          >
            {placeholder}
          </div>
        )}
        {/* biome-ignore lint/a11y/useSemanticElements: a rich-text editor is a contentEditable textbox; a textarea holds no formatting */}
        <div
          ref={editor}
          role="textbox"
          aria-multiline
          aria-label={placeholder}
          aria-invalid={invalid}
          contentEditable
          suppressContentEditableWarning
          tabIndex={0}
          onInput={changed}
          onPaste={onPaste}
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          className="canopy-rich-text"
          style={{
            minHeight: 220,
            maxHeight: 360,
            overflowY: 'auto',
            padding: '10px 12px',
            outline: 'none',
            lineHeight: 1.7,
          }}
          data-testid="intro-editor"
        />
      </div>
      {footer}
    </div>
  );
}
