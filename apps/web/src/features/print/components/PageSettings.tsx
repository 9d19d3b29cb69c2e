import {
  AMOUNT_IN_WORDS_TYPES,
  type FieldInfo,
  type PrintBlock,
  type PrintPage,
  type SavePrintTemplateBody,
} from '@canopy/contract';
import { Checkbox, Divider, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const ALIGNS = ['left', 'center', 'right'] as const;

/** The template's name, page, header and footer; below, the selected block's own settings. */
export function PageSettings({
  template,
  fields,
  selected,
  onChange,
  onBlock,
}: {
  template: SavePrintTemplateBody;
  fields: FieldInfo[];
  selected: number | null;
  onChange: (next: Partial<SavePrintTemplateBody>) => void;
  onBlock: (index: number, block: PrintBlock) => void;
}) {
  const { t } = useTranslation();
  const page = template.page;
  const setPage = (next: Partial<PrintPage>) => onChange({ page: { ...page, ...next } });
  const block = selected === null ? undefined : template.blocks[selected];
  const aligns = ALIGNS.map((a) => ({ value: a, label: t(`print.align.${a}`) }));
  const mm = (value: number | undefined, set: (v: number) => void, max = 50, testId?: string) => (
    <InputNumber
      size="small"
      min={0}
      max={max}
      value={value}
      suffix="mm"
      style={{ width: '100%' }}
      onChange={(v) => set(Number(v ?? 0))}
      data-testid={testId}
    />
  );

  return (
    <Form layout="vertical" size="small" data-testid="print-settings">
      {block && selected !== null && (
        <>
          <Divider titlePlacement="start" style={{ marginTop: 0 }}>
            {t(`print.block.${block.kind}`)}
          </Divider>
          {(block.kind === 'field' || block.kind === 'subTable') && (
            <Form.Item label={t('print.field')}>
              <Select
                value={block.field}
                options={fields
                  .filter((f) => (block.kind === 'subTable' ? f.type === 'subTable' : f.type !== 'subTable'))
                  .map((f) => ({ value: f.code, label: f.name }))}
                onChange={(field: string) => {
                  // 人民币大写 goes with a number or money field only.
                  const amount = (AMOUNT_IN_WORDS_TYPES as readonly string[]).includes(
                    fields.find((f) => f.code === field)?.type ?? '',
                  );
                  if (block.kind === 'field' && !amount) {
                    const { amountInWords: _dropped, ...rest } = block;
                    onBlock(selected, { ...rest, field });
                  } else onBlock(selected, { ...block, field });
                }}
              />
            </Form.Item>
          )}
          {block.kind === 'field' && (
            <Form.Item label={t('print.width')}>
              <Radio.Group
                value={block.width}
                onChange={(e) => onBlock(selected, { ...block, width: e.target.value })}
                options={[
                  { value: 'full', label: t('print.full') },
                  { value: 'half', label: t('print.half') },
                ]}
              />
            </Form.Item>
          )}
          {block.kind === 'field' &&
            (AMOUNT_IN_WORDS_TYPES as readonly string[]).includes(
              fields.find((f) => f.code === block.field)?.type ?? '',
            ) && (
              <Form.Item label={t('print.numberFormat')} htmlFor="print-amount-in-words">
                <Checkbox
                  id="print-amount-in-words"
                  checked={block.amountInWords === true}
                  onChange={(e) => {
                    const { amountInWords: _old, ...rest } = block;
                    onBlock(selected, e.target.checked ? { ...rest, amountInWords: true } : rest);
                  }}
                  data-testid="print-amount-in-words"
                >
                  {t('print.amountInWords')}
                </Checkbox>
              </Form.Item>
            )}
          {block.kind === 'text' && (
            <>
              <Form.Item label={t('print.text')}>
                <Input.TextArea
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  maxLength={2000}
                  value={block.text}
                  onChange={(e) => onBlock(selected, { ...block, text: e.target.value })}
                  data-testid="print-text-input"
                />
              </Form.Item>
              <Form.Item label={t('print.style')}>
                <Select
                  value={block.style}
                  onChange={(style: typeof block.style) => onBlock(selected, { ...block, style })}
                  options={(['title', 'heading', 'body', 'note'] as const).map((s) => ({
                    value: s,
                    label: t(`print.styles.${s}`),
                  }))}
                  data-testid="print-text-style"
                />
              </Form.Item>
            </>
          )}
          {block.kind === 'image' && (
            <Form.Item label={t('print.imageWidth')}>
              {mm(block.width, (width) => onBlock(selected, { ...block, width: Math.max(5, width) }), 300)}
            </Form.Item>
          )}
          {block.kind === 'qr' && (
            <Form.Item label={t('print.qrSize')}>
              {mm(block.size, (size) => onBlock(selected, { ...block, size: Math.max(10, size) }), 100)}
            </Form.Item>
          )}
          {(block.kind === 'text' || block.kind === 'image' || block.kind === 'qr') && (
            <Form.Item label={t('print.alignLabel')}>
              <Radio.Group
                value={block.align}
                optionType="button"
                options={aligns}
                onChange={(e) => onBlock(selected, { ...block, align: e.target.value })}
              />
            </Form.Item>
          )}
        </>
      )}
      <Divider titlePlacement="start" style={{ marginTop: block ? undefined : 0 }}>
        {t('print.pageSettings')}
      </Divider>
      <Form.Item label={t('print.name')} required>
        <Input
          value={template.name}
          maxLength={64}
          onChange={(e) => onChange({ name: e.target.value })}
          data-testid="print-template-name"
        />
      </Form.Item>
      <Form.Item label={t('print.size')}>
        <Select
          value={page.size}
          onChange={(size: PrintPage['size']) =>
            setPage(size === 'custom' ? { size, width: page.width ?? 210, height: page.height ?? 140 } : { size })
          }
          options={[
            { value: 'A4', label: 'A4 (210 × 297 mm)' },
            { value: 'A5', label: 'A5 (148 × 210 mm)' },
            { value: 'custom', label: t('print.custom') },
          ]}
          data-testid="print-page-size"
        />
      </Form.Item>
      {page.size === 'custom' && (
        <Form.Item label={t('print.customSize')}>
          <div style={{ display: 'flex', gap: 8 }}>
            {mm(page.width, (width) => setPage({ width: Math.max(50, width) }), 1000)}
            {mm(page.height, (height) => setPage({ height: Math.max(50, height) }), 1000)}
          </div>
        </Form.Item>
      )}
      <Form.Item label={t('print.orientation')}>
        <Radio.Group
          value={page.orientation}
          optionType="button"
          onChange={(e) => setPage({ orientation: e.target.value })}
          options={[
            { value: 'portrait', label: t('print.portrait') },
            { value: 'landscape', label: t('print.landscape') },
          ]}
          data-testid="print-orientation"
        />
      </Form.Item>
      <Form.Item label={t('print.margins')}>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
          {(['top', 'bottom', 'left', 'right'] as const).map((side) => (
            <div key={side}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`print.side.${side}`)}
              </Typography.Text>
              {mm(page.margins[side], (v) => setPage({ margins: { ...page.margins, [side]: v } }))}
            </div>
          ))}
        </div>
      </Form.Item>
      <Form.Item label={t('print.header')} extra={t('print.placeholders')}>
        <Input
          value={template.header}
          maxLength={200}
          onChange={(e) => onChange({ header: e.target.value })}
          data-testid="print-header"
        />
      </Form.Item>
      <Form.Item label={t('print.footer')}>
        <Input
          value={template.footer}
          maxLength={200}
          onChange={(e) => onChange({ footer: e.target.value })}
          data-testid="print-footer"
        />
      </Form.Item>
    </Form>
  );
}
