import type { AutomationTrigger, FieldInfo } from '@canopy/contract';
import { createContext, useContext } from 'react';
import type { AnyStep } from './step-tree';
import type { Variable } from './variables';

/** What the designer's forms share: the app's tables and their fields, the draft, its variables. */
export interface DesignerValue {
  appCode: string;
  tables: { code: string; name: string }[];
  fieldsOf: (schemaCode: string) => FieldInfo[];
  trigger: AutomationTrigger;
  steps: AnyStep[];
  /** What a step's values can name (null: the trigger's settings). */
  variablesFor: (stepId: string | null) => Variable[];
  /** A variable group's title: 触发数据, a step's name, a loop's current record. */
  groupLabel: (group: string) => string;
  /** A template as a person reads it, with what a step (or the trigger: null) can name. */
  readable: (text: string, stepId: string | null) => string;
}

export const DesignerContext = createContext<DesignerValue | null>(null);

export function useDesigner(): DesignerValue {
  const v = useContext(DesignerContext);
  if (!v) throw new Error('useDesigner outside the automation designer');
  return v;
}
