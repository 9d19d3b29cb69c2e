import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import type { FieldInfo, FormLayout } from '@canopy/contract';
import { randomId } from '@canopy/fields';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Flex, Input, Popconfirm, Radio, Select, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { tablesApi } from '../api/tables-api';
import { type FieldDropTarget, useFieldDrag } from './useFieldDrag';

type Section = FormLayout['sections'][number];
type Item = Section['fields'][number];

interface Props {
  p: { appCode: string; schemaCode: string };
  tableKey: readonly unknown[];
  fields: FieldInfo[];
  layout: FormLayout;
}

/**
 * Sections, one or two columns, field order (drag and drop, or up/down and move between sections for keyboard
 * users), hidden/read-only/wide/help text.
 */
export function FormDesigner({ p, tableKey, fields, layout }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<FormLayout>(layout);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const names = new Map(fields.filter((f) => !f.deleted).map((f) => [f.code, f.name]));

  const change = (next: FormLayout) => {
    setDraft(next);
    setDirty(true);
  };
  const setSections = (fn: (sections: Section[]) => Section[]) => change({ ...draft, sections: fn(draft.sections) });
  const patchItem = (si: number, fi: number, patch: Partial<Item>) =>
    setSections((ss) =>
      ss.map((s, i) => (i === si ? { ...s, fields: s.fields.map((f, j) => (j === fi ? { ...f, ...patch } : f)) } : s)),
    );
  const move = (si: number, fi: number, delta: number) =>
    setSections((ss) => {
      const flat = ss.map((s) => ({ ...s, fields: [...s.fields] }));
      const section = flat[si];
      if (!section) return ss;
      const target = fi + delta;
      const item = section.fields[fi];
      if (!item) return ss;
      if (target >= 0 && target < section.fields.length) {
        section.fields.splice(fi, 1);
        section.fields.splice(target, 0, item);
      } else {
        const other = flat[si + delta];
        if (!other) return ss;
        section.fields.splice(fi, 1);
        if (delta < 0) other.fields.push(item);
        else other.fields.unshift(item);
      }
      return flat;
    });
  const moveTo = (si: number, fi: number, to: number) =>
    setSections((ss) => {
      const item = ss[si]?.fields[fi];
      if (!item || si === to) return ss;
      return ss.map((s, i) =>
        i === si
          ? { ...s, fields: s.fields.filter((_, j) => j !== fi) }
          : i === to
            ? { ...s, fields: [...s.fields, item] }
            : s,
      );
    });
  /** Move the field `code` into section `to.si`, before the field `to.before` (null: at the end). */
  const dropField = (code: string, to: FieldDropTarget) => {
    if (code === to.before) return;
    const si = draft.sections.findIndex((s) => s.fields.some((f) => f.code === code));
    const from = draft.sections[si];
    const item = from?.fields.find((f) => f.code === code);
    if (!from || !item) return;
    const next = draft.sections.map((s) => ({ ...s, fields: s.fields.filter((f) => f.code !== code) }));
    const into = next[to.si];
    if (!into) return;
    const at = to.before === null ? -1 : into.fields.findIndex((f) => f.code === to.before);
    into.fields.splice(at < 0 ? into.fields.length : at, 0, item);
    const same = next.every((s, i) => s.fields.every((f, j) => f === draft.sections[i]?.fields[j]));
    if (!same) change({ ...draft, sections: next });
  };
  const drag = useFieldDrag(dropField);
  const { token } = theme.useToken();
  const removeSection = (si: number) =>
    setSections((ss) => {
      const gone = ss[si];
      const rest = ss.filter((_, i) => i !== si);
      const into = rest[Math.max(0, si - 1)];
      if (gone && into) into.fields = [...into.fields, ...gone.fields];
      return rest;
    });

  const save = async () => {
    setBusy(true);
    try {
      const saved = await tablesApi.saveForm(p, draft);
      setDraft(saved);
      setDirty(false);
      message.success(t('tables.form.saved'));
      await queryClient.invalidateQueries({ queryKey: tableKey });
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={16} data-testid="form-designer">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex gap={12} align="center">
          <Typography.Text>{t('tables.form.columns')}</Typography.Text>
          <Radio.Group
            optionType="button"
            value={draft.columns}
            onChange={(e) => change({ ...draft, columns: e.target.value })}
            options={[
              { value: 1, label: t('tables.form.oneColumn') },
              { value: 2, label: t('tables.form.twoColumns') },
            ]}
            data-testid="form-columns"
          />
          {dirty && <Typography.Text type="warning">{t('tables.form.unsaved')}</Typography.Text>}
        </Flex>
        <Flex gap={8}>
          <Button
            icon={<PlusOutlined />}
            data-testid="form-add-section"
            onClick={() =>
              setSections((ss) => [...ss, { id: randomId(), title: t('tables.form.newSection'), fields: [] }])
            }
          >
            {t('tables.form.addSection')}
          </Button>
          <Button type="primary" loading={busy} disabled={!dirty} onClick={save} data-testid="form-save">
            {t('tables.save')}
          </Button>
        </Flex>
      </Flex>
      {draft.sections.map((section, si) => (
        <Card
          key={section.id}
          size="small"
          data-testid={`form-design-section-${si}`}
          {...drag.sectionProps(si)}
          style={drag.dragging !== null && drag.target?.si === si ? { borderColor: token.colorPrimary } : undefined}
          title={
            <Input
              variant="borderless"
              value={section.title}
              maxLength={64}
              aria-label={t('tables.form.sectionTitle')}
              data-testid="section-title"
              onChange={(e) => setSections((ss) => ss.map((s, i) => (i === si ? { ...s, title: e.target.value } : s)))}
            />
          }
          extra={
            draft.sections.length > 1 && (
              <Popconfirm
                title={t('tables.form.removeSection')}
                description={t('tables.form.removeSectionHint')}
                onConfirm={() => removeSection(si)}
              >
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('tables.form.removeSection')} />
              </Popconfirm>
            )
          }
        >
          <Flex vertical gap={8}>
            {section.fields.map((item, fi) =>
              names.has(item.code) ? (
                <Flex
                  key={item.code}
                  gap={8}
                  align="center"
                  wrap
                  data-testid={`form-item-${names.get(item.code)}`}
                  {...drag.itemProps(si, item.code)}
                  style={{
                    opacity: drag.dragging === item.code ? 0.4 : 1,
                    boxShadow:
                      drag.dragging !== null &&
                      drag.dragging !== item.code &&
                      drag.target?.si === si &&
                      drag.target.before === item.code
                        ? `0 -3px 0 0 ${token.colorPrimary}`
                        : undefined,
                  }}
                >
                  <HolderOutlined
                    {...drag.handleProps(item.code)}
                    title={t('tables.form.dragField')}
                    data-testid="drag-field"
                    style={{ cursor: 'grab', color: token.colorTextSecondary }}
                  />
                  <Typography.Text strong style={{ width: 140 }} ellipsis>
                    {names.get(item.code)}
                  </Typography.Text>
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('tables.moveUp')}
                    disabled={si === 0 && fi === 0}
                    onClick={() => move(si, fi, -1)}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('tables.moveDown')}
                    disabled={si === draft.sections.length - 1 && fi === section.fields.length - 1}
                    onClick={() => move(si, fi, 1)}
                  />
                  <Checkbox checked={item.hidden} onChange={(e) => patchItem(si, fi, { hidden: e.target.checked })}>
                    {t('tables.form.hidden')}
                  </Checkbox>
                  <Checkbox checked={item.readOnly} onChange={(e) => patchItem(si, fi, { readOnly: e.target.checked })}>
                    {t('tables.form.readOnly')}
                  </Checkbox>
                  <Checkbox checked={item.wide} onChange={(e) => patchItem(si, fi, { wide: e.target.checked })}>
                    {t('tables.form.wide')}
                  </Checkbox>
                  <Input
                    size="small"
                    style={{ width: 220 }}
                    placeholder={t('tables.form.helpText')}
                    value={item.helpText}
                    maxLength={500}
                    onChange={(e) => patchItem(si, fi, { helpText: e.target.value })}
                  />
                  {draft.sections.length > 1 && (
                    <Select
                      size="small"
                      style={{ width: 140 }}
                      placeholder={t('tables.form.moveTo')}
                      value={null}
                      data-testid="move-to-section"
                      onChange={(to: number) => moveTo(si, fi, to)}
                      options={draft.sections.map((s, i) => ({ value: i, label: s.title, disabled: i === si }))}
                    />
                  )}
                </Flex>
              ) : null,
            )}
            {drag.dragging !== null && drag.target?.si === si && drag.target.before === null && (
              <div
                data-testid="form-drop-indicator"
                style={{ height: 3, borderRadius: 2, background: token.colorPrimary }}
              />
            )}
            {section.fields.length === 0 && (
              <Typography.Text type="secondary" style={{ padding: '8px 0' }}>
                {t('tables.form.dropHere')}
              </Typography.Text>
            )}
          </Flex>
        </Card>
      ))}
    </Flex>
  );
}
