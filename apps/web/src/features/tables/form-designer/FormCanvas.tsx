import { PlusOutlined, TableOutlined } from '@ant-design/icons';
import type { FieldInfo, FormLayout } from '@canopy/contract';
import { FieldTypes, randomId } from '@canopy/fields';
import { fieldTypeLabel } from '@canopy/fields/web';
import { DndContext, DragOverlay } from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Radio, Typography, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shell/api/form-errors';
import { showFormulaJob } from '../designer/useFormulaJobs';
import { CanvasSectionCard } from './CanvasSectionCard';
import {
  adoptCode,
  type CanvasDraft,
  type CanvasItem,
  type CanvasSlot,
  draftOf,
  type FieldDraft,
  freeName,
  insertField,
  locate,
  moveItem,
  newKey,
  removeNewField,
} from './canvas-draft';
import { FieldPalette } from './FieldPalette';
import { FieldProperties } from './FieldProperties';
import { FieldSaveError, saveCanvas } from './save-canvas';
import { useCanvasDnd } from './useCanvasDnd';

interface Props {
  p: { appCode: string; schemaCode: string };
  tableKey: readonly unknown[];
  fields: FieldInfo[];
  layout: FormLayout;
  /** Opens the fields as a list (字段设计), where types change and fields are deleted or restored. */
  onTableView: () => void;
  /** Told whether there are unsaved edits, so leaving the tab can ask first. */
  onDirty?: (dirty: boolean) => void;
}

/**
 * The form designer as 简道云 and 宜搭 have it: field types on the left, the form in the middle (drag
 * types onto it, drag fields to reorder, one or two columns, sections), the selected field's settings on
 * the right. Nothing is written until 保存, which goes through the table's own field and form calls.
 */
export function FormCanvas({ p, tableKey, fields, layout, onTableView, onDirty }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<CanvasDraft>(() => draftOf(fields, layout));
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The saved form shows again whenever it changes, unless there are edits it would throw away.
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  useEffect(() => {
    if (!dirtyNow.current) setDraft(draftOf(fields, layout));
  }, [fields, layout]);
  // Unsaved edits: the tab asks before it is left, and the browser before the page is.
  useEffect(() => {
    onDirty?.(dirty);
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, onDirty]);

  const change = (next: CanvasDraft) => {
    setDraft(next);
    setDirty(true);
  };
  const lastSection = () => draft.sections.at(-1)?.id ?? '';
  const addType = (type: string, slot: CanvasSlot = { section: lastSection(), before: null }) => {
    const field: FieldDraft = {
      key: newKey(randomId()),
      type,
      name: freeName(draft, fieldTypeLabel(type)),
      settings: structuredClone(FieldTypes[type]?.defaultSettings ?? {}),
      required: false,
      unique: false,
      description: '',
      system: FieldTypes[type]?.system === true,
    };
    change(insertField(draft, field, slot));
    setSelected(field.key);
  };
  const dnd = useCanvasDnd(draft, {
    onAdd: addType,
    onMove: (key, slot) => {
      const next = moveItem(draft, key, slot);
      if (next !== draft) change(next);
      setSelected(key);
    },
  });
  const patchItem = (key: string, patch: Partial<CanvasItem>) =>
    change({
      ...draft,
      sections: draft.sections.map((s) => ({
        ...s,
        items: s.items.map((i) => (i.key === key ? { ...i, ...patch } : i)),
      })),
    });
  const removeSection = (si: number) => {
    const gone = draft.sections[si];
    const rest = draft.sections.filter((_, i) => i !== si);
    const into = Math.max(0, si - 1);
    change({
      ...draft,
      sections: rest.map((s, i) => (i === into && gone ? { ...s, items: [...s.items, ...gone.items] } : s)),
    });
  };

  const save = async () => {
    const unnamed = Object.values(draft.fields).find((f) => !f.name.trim());
    if (unnamed) {
      setSelected(unnamed.key);
      message.error(t('tables.fieldNameRequired'));
      return;
    }
    setBusy(true);
    let working = draft;
    try {
      const { computed } = await saveCanvas(p, draft, fields, (key, field) => {
        working = adoptCode(working, key, field.code);
        if (selected === key) setSelected(field.code);
      });
      for (const f of computed) if (f.recompute) showFormulaJob(queryClient, tableKey, f.recompute);
      setDraft(working);
      setDirty(false);
      dirtyNow.current = false;
      message.success(t('tables.form.saved'));
      await queryClient.invalidateQueries({ queryKey: tableKey });
    } catch (e) {
      // Fields created before the failure keep their codes, so saving again goes on from there.
      setDraft(working);
      if (e instanceof FieldSaveError) {
        setSelected(working.fields[e.field.key] ? e.field.key : (e.field.code ?? null));
        message.error(t('tables.canvas.fieldFailed', { name: e.field.name, reason: errorText(e.reason) }));
      } else message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const at = selected ? locate(draft, selected) : null;
  const selectedField = selected ? draft.fields[selected] : undefined;
  const selectedItem = at ? draft.sections[at.si]?.items[at.index] : undefined;
  const selectedSection = at ? draft.sections[at.si] : undefined;
  const others = fields.filter((f) => !f.deleted && f.code !== selectedField?.code);

  return (
    <DndContext {...dnd.context}>
      <div
        data-testid="form-designer"
        style={{ display: 'grid', gridTemplateColumns: '208px minmax(0, 1fr) 300px', gap: 16, alignItems: 'start' }}
      >
        <Card
          size="small"
          title={t('tables.canvas.palette')}
          styles={{ body: { maxHeight: '70vh', overflow: 'auto' } }}
        >
          <FieldPalette onAdd={(type) => addType(type)} />
        </Card>
        <Flex vertical gap={12} role="region" aria-label={t('tables.canvas.form')}>
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Flex gap={8} align="center" wrap>
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
            <Flex gap={8} wrap>
              <Button icon={<TableOutlined />} onClick={onTableView} data-testid="form-table-view">
                {t('tables.canvas.tableView')}
              </Button>
              <Button
                icon={<PlusOutlined />}
                data-testid="form-add-section"
                onClick={() =>
                  change({
                    ...draft,
                    sections: [...draft.sections, { id: randomId(), title: t('tables.form.newSection'), items: [] }],
                  })
                }
              >
                {t('tables.form.addSection')}
              </Button>
              <Button type="primary" loading={busy} disabled={!dirty} onClick={save} data-testid="form-save">
                {t('tables.save')}
              </Button>
            </Flex>
          </Flex>
          <div style={{ background: token.colorFillQuaternary, padding: 16, borderRadius: token.borderRadiusLG }}>
            <Flex vertical gap={12} style={{ maxWidth: 760, margin: '0 auto' }}>
              {draft.sections.map((section, si) => (
                <CanvasSectionCard
                  key={section.id}
                  draft={draft}
                  section={section}
                  index={si}
                  selected={selected}
                  dragging={dnd.activeId}
                  overSlot={dnd.overSlot}
                  onSelect={setSelected}
                  onTitle={(title) =>
                    change({ ...draft, sections: draft.sections.map((s, i) => (i === si ? { ...s, title } : s)) })
                  }
                  onRemove={draft.sections.length > 1 ? () => removeSection(si) : undefined}
                />
              ))}
            </Flex>
          </div>
        </Flex>
        <Card
          size="small"
          title={t('tables.canvas.properties')}
          styles={{ body: { maxHeight: '70vh', overflow: 'auto' } }}
        >
          {selectedField && selectedItem && selectedSection ? (
            <FieldProperties
              key={selectedField.key}
              draft={draft}
              field={selectedField}
              item={selectedItem}
              sectionId={selectedSection.id}
              others={others}
              onField={(next) => {
                if (JSON.stringify(next) !== JSON.stringify(draft.fields[next.key]))
                  change({ ...draft, fields: { ...draft.fields, [next.key]: next } });
              }}
              onItem={(patch) => patchItem(selectedField.key, patch)}
              onSection={(section) => change(moveItem(draft, selectedField.key, { section, before: null }))}
              onRemove={() => {
                change(removeNewField(draft, selectedField.key));
                setSelected(null);
              }}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tables.canvas.noSelection')} />
          )}
        </Card>
      </div>
      <DragOverlay dropAnimation={null}>
        {dnd.activeId ? (
          <div
            style={{
              padding: '6px 12px',
              borderRadius: token.borderRadius,
              background: token.colorBgElevated,
              boxShadow: token.boxShadowSecondary,
              border: `1px solid ${token.colorPrimary}`,
              width: 'max-content',
            }}
          >
            {dnd.activeName}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
