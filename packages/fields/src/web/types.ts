import { type ComponentType, createContext, type ReactNode, useContext } from 'react';
import type { FileRef } from '../types/files.js';

/** The palette groups of the field type picker. */
export type FieldGroup = 'basic' | 'choice' | 'people' | 'files' | 'relation' | 'advanced' | 'system';

export type Settings = Record<string, unknown>;

/** A sibling field, as the settings editors of lookups and formulas list them. */
export interface FieldRef {
  code: string;
  name: string;
  type: string;
  settings: Settings;
}

export interface ValueInputProps {
  value?: unknown;
  onChange?: (value: unknown) => void;
  settings: Settings;
  disabled?: boolean;
  id?: string;
}

export interface ValueViewProps {
  value: unknown;
  settings: Settings;
  /** A list cell: one line, no previews. */
  compact?: boolean;
}

export interface SettingsEditorProps {
  /** The other fields of the table (formula names, lookup relations). */
  fields: FieldRef[];
  /** The field being edited ('' while adding). */
  code: string;
}

/** How one field type designs, edits and shows in the browser. Settings editors are antd Form items under `settings`. */
export interface FieldWeb {
  group: FieldGroup;
  SettingsEditor?: ComponentType<SettingsEditorProps>;
  /** Absent: the value is computed or set by the server and never edited. */
  Input?: ComponentType<ValueInputProps>;
  View: ComponentType<ValueViewProps>;
}

/** A field type's design and edit parts (`FieldWeb` without its view, which lives in views.tsx). */
export type FieldEditing = Omit<FieldWeb, 'View'>;

/** What field editors need from the app around them (members, departments, files, other tables). */
export interface FieldServices {
  /** The app's translator; field editors' texts live under `fieldWeb.*`. */
  t: (key: string, params?: Record<string, unknown>) => string;
  MemberInput: ComponentType<{
    value?: string[];
    onChange?: (v: string[]) => void;
    multiple: boolean;
    disabled?: boolean;
  }>;
  MemberNames: ComponentType<{ ids: string[] }>;
  DepartmentInput: ComponentType<{
    /** The form item's id: its label names the picker (WCAG 1.3.1, 4.1.2). */
    id?: string;
    value?: string[];
    onChange?: (v: string[]) => void;
    multiple: boolean;
    disabled?: boolean;
  }>;
  DepartmentNames: ComponentType<{ ids: string[] }>;
  RecordInput: ComponentType<{
    schemaCode: string;
    value?: string[];
    onChange?: (v: string[]) => void;
    multiple: boolean;
    disabled?: boolean;
  }>;
  RecordTitles: ComponentType<{ schemaCode: string; ids: string[] }>;
  RichTextInput: ComponentType<{ value?: string; onChange?: (v: string) => void; disabled?: boolean }>;
  upload(kind: 'attachment' | 'image', file: File): Promise<FileRef>;
  /** The app's data tables, for relation settings. */
  tables: { code: string; name: string }[];
  /** A table's fields, for lookup settings (loads when needed). */
  TargetFieldSelect: ComponentType<{ schemaCode: string; value?: string; onChange?: (v: string) => void }>;
}

export const FieldServicesContext = createContext<FieldServices | null>(null);

export function useFieldServices(): FieldServices {
  const services = useContext(FieldServicesContext);
  if (!services) throw new Error('Field editors need a FieldServicesContext');
  return services;
}

export const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const bool = (v: unknown): boolean => v === true;
export const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const Empty = (): ReactNode => null;
