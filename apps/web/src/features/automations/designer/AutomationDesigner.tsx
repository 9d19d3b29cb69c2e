import type { AutomationDefinition, AutomationTrigger, FieldInfo } from '@canopy/contract';
import { useQueries } from '@tanstack/react-query';
import { Drawer, Result, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppWorkspace } from '../../apps/hooks/app-context';
import { tableKeys, tablesApi } from '../../tables/api/tables-api';
import { AutomationCanvas } from './AutomationCanvas';
import { DesignerContext, type DesignerValue } from './designer-context';
import { newStep, triggerTable } from './kinds';
import { looseT } from './loose-t';
import { StepForm } from './StepForm';
import { type AnyStep, findStep, insertStep, moveStep, nextStepId, removeStep, replaceStep } from './step-tree';
import { TriggerForm } from './TriggerForm';
import { readableTemplate, variablesFor } from './variables';

interface Props {
  definition: AutomationDefinition;
  onChange: (d: AutomationDefinition) => void;
  problems: Map<string, string>;
  webhookPath: string | null;
}

/** The app's tables with their fields, for the designer's forms and variables. */
export function useAppTables() {
  const { engineCode, appCode, nodes, nodesLoading } = useAppWorkspace();
  const tables = nodes.filter((n) => n.type === 'Schema').map((n) => ({ code: n.code, name: n.displayName }));
  const schemas = useQueries({
    queries: tables.map((x) => ({
      queryKey: tableKeys.schema(engineCode, appCode, x.code),
      queryFn: () => tablesApi.schema({ appCode, schemaCode: x.code }),
    })),
  });
  const fields = new Map<string, FieldInfo[]>();
  for (const [i, x] of tables.entries()) fields.set(x.code, schemas[i]?.data?.fields ?? []);
  const loading = nodesLoading || schemas.some((s) => s.isPending);
  const failed = schemas.find((s) => s.isError)?.error ?? null;
  return { tables, fields, loading, failed };
}

/** The canvas and the drawer of the card being set up (the trigger or a step). */
export function AutomationDesigner({ definition, onChange, problems, webhookPath }: Props) {
  const { t } = useTranslation();
  const { appCode } = useAppWorkspace();
  const { tables, fields, loading, failed } = useAppTables();
  const [selected, setSelected] = useState<string | null>(null);
  const steps = definition.steps as AnyStep[];
  const setSteps = (next: AnyStep[]) => onChange({ ...definition, steps: next as AutomationDefinition['steps'] });
  const setTrigger = (trigger: AutomationTrigger) => onChange({ ...definition, trigger });
  const tableName = (code: string) => tables.find((x) => x.code === code)?.name ?? code;

  const value = useMemo<DesignerValue>(() => {
    const fieldsOf = (code: string) => fields.get(code) ?? [];
    const groupLabel = (group: string) => {
      if (group === 'trigger') return t('automations.var.groupTrigger');
      if (group.startsWith('item:')) return t('automations.var.groupItem', { id: group.slice(5) });
      const s = findStep(steps, group);
      return s ? `${t(`automations.stepKind.${s.kind}`, { defaultValue: s.kind })} · ${s.id}` : group;
    };
    const vars = (stepId: string | null) => variablesFor(definition.trigger, steps, stepId, fieldsOf);
    return {
      appCode,
      tables,
      fieldsOf,
      trigger: definition.trigger,
      steps,
      variablesFor: vars,
      groupLabel,
      readable: (text, stepId) =>
        readableTemplate(
          text,
          vars(stepId),
          (v) => `${groupLabel(v.group)} · ${looseT(t)(v.label.key, v.label.params)}`,
        ),
    };
  }, [appCode, tables, fields, definition.trigger, steps, t]);

  if (failed) return <Result status="error" title={t('automations.designer.loadFailed')} />;
  if (loading) return <Skeleton active style={{ padding: 32 }} />;

  const open = selected === 'trigger' ? 'trigger' : selected ? findStep(steps, selected) : undefined;
  const defaults = { schemaCode: triggerTable(definition.trigger) || tables[0]?.code || '' };
  return (
    <DesignerContext value={value}>
      {/* The drawer opens inside the designer's area, so the toolbar (save, publish) stays in reach. */}
      <div style={{ position: 'relative', height: '100%', overflow: 'hidden' }}>
        <div style={{ height: '100%', overflow: 'auto' }}>
          <AutomationCanvas
            trigger={definition.trigger}
            steps={steps}
            selected={selected}
            problems={problems}
            tableName={tableName}
            readable={value.readable}
            onOpen={setSelected}
            actions={{
              insert: (at, index, kind) => {
                const step = newStep(kind, nextStepId(steps), defaults);
                setSteps(insertStep(steps, at, index, step));
                setSelected(step.id);
              },
              remove: (id) => {
                setSteps(removeStep(steps, id));
                if (selected === id) setSelected(null);
              },
              move: (id, delta) => setSteps(moveStep(steps, id, delta)),
            }}
          />
        </div>
        <Drawer
          open={open !== undefined}
          getContainer={false}
          rootStyle={{ position: 'absolute' }}
          onClose={() => setSelected(null)}
          size={560}
          mask={false}
          title={
            open === 'trigger'
              ? t('automations.designer.triggerTitle')
              : open
                ? `${t(`automations.stepKind.${open.kind}`, { defaultValue: open.kind })} · ${open.id}`
                : ''
          }
          destroyOnHidden
          data-testid="au-drawer"
        >
          {open === 'trigger' && (
            <TriggerForm trigger={definition.trigger} onChange={setTrigger} webhookPath={webhookPath} />
          )}
          {open && open !== 'trigger' && (
            <StepForm key={open.id} step={open} onChange={(s) => setSteps(replaceStep(steps, s))} />
          )}
        </Drawer>
      </div>
    </DesignerContext>
  );
}
