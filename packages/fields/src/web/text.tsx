import { RichText } from '@canopy/contract';
import { Form, Input, InputNumber } from 'antd';
import DOMPurify from 'dompurify';
import { type FieldWeb, str, useFieldServices, type ValueInputProps, type ValueViewProps } from './types.js';

function TextSettings() {
  const { t } = useFieldServices();
  return (
    <>
      <Form.Item name={['settings', 'maxLength']} label={t('fieldWeb.maxLength')}>
        <InputNumber min={1} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name={['settings', 'pattern']} label={t('fieldWeb.pattern')} extra={t('fieldWeb.patternHint')}>
        <Input placeholder="^[A-Z]{2}\d+$" />
      </Form.Item>
    </>
  );
}

const TextInput = ({ value, onChange, disabled, id }: ValueInputProps) => (
  <Input id={id} value={str(value)} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} />
);
const TextAreaInput = ({ value, onChange, disabled, id }: ValueInputProps) => (
  <Input.TextArea
    id={id}
    value={str(value)}
    onChange={(e) => onChange?.(e.target.value)}
    disabled={disabled}
    autoSize={{ minRows: 3, maxRows: 10 }}
  />
);

// Compact text (grid cells, cards) is cut by CSS, not Typography's ellipsis: that one measures each
// cell after it is drawn, which a grid scrolling through thousands of cells cannot afford.
// The same box as Typography's single-line ellipsis (inline-block, at most the cell's width).
const ELLIPSIS = {
  display: 'inline-block',
  maxWidth: '100%',
  verticalAlign: 'bottom',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;
const TextView = ({ value, compact }: ValueViewProps) =>
  compact ? <span style={ELLIPSIS}>{str(value)}</span> : <span style={{ whiteSpace: 'pre-wrap' }}>{str(value)}</span>;

const EmailView = ({ value }: ValueViewProps) => (value ? <a href={`mailto:${str(value)}`}>{str(value)}</a> : null);
const PhoneView = ({ value }: ValueViewProps) => (value ? <a href={`tel:${str(value)}`}>{str(value)}</a> : null);
/** Only http(s) links are stored (the url type refuses others), and they open without the opener. */
const UrlView = ({ value }: ValueViewProps) => {
  const href = str(value);
  return /^https?:\/\//i.test(href) ? (
    <a href={href} target="_blank" rel="noopener noreferrer" style={ELLIPSIS}>
      {href}
    </a>
  ) : null;
};

function RichInput({ value, onChange, disabled }: ValueInputProps) {
  const { RichTextInput } = useFieldServices();
  return <RichTextInput value={str(value)} onChange={(v) => onChange?.(v)} disabled={disabled} />;
}

function RichView({ value, compact }: ValueViewProps) {
  // The same allowlist the server stores with (a value written before it changed is cleaned again here).
  const html = DOMPurify.sanitize(str(value), {
    ALLOWED_TAGS: [...RichText.tags],
    ALLOWED_ATTR: [...RichText.linkAttributes],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
  if (compact) {
    const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
    return <span style={ELLIPSIS}>{text}</span>;
  }
  return <div className="field-rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

export const textWebs: Record<string, FieldWeb> = {
  text: { group: 'basic', SettingsEditor: TextSettings, Input: TextInput, View: TextView },
  textarea: { group: 'basic', SettingsEditor: TextSettings, Input: TextAreaInput, View: TextView },
  richText: { group: 'basic', Input: RichInput, View: RichView },
  phone: { group: 'basic', Input: TextInput, View: PhoneView },
  email: { group: 'basic', Input: TextInput, View: EmailView },
  url: { group: 'basic', Input: TextInput, View: UrlView },
};
