import { TableAction, type TableRoleRights } from '@canopy/contract';

/** What a matrix cell shows: the actions in their fixed order, and whether fields or rows are narrowed. */
export interface CellSummary {
  actions: TableAction[];
  hiddenFields: number;
  readonlyFields: number;
  rowsNarrowed: boolean;
}

export function summarize(rights: TableRoleRights | null): CellSummary {
  if (!rights) return { actions: [], hiddenFields: 0, readonlyFields: 0, rowsNarrowed: false };
  const levels = Object.values(rights.fields);
  return {
    actions: TableAction.filter((a) => rights.actions.includes(a)),
    hiddenFields: levels.filter((l) => l === 'hidden').length,
    readonlyFields: levels.filter((l) => l === 'readonly').length,
    rowsNarrowed: rights.rows.scope !== 'all',
  };
}

/**
 * The rights to save: actions in their fixed order; field levels equal to the new-field default are
 * left out (a field not listed takes the default, so the stored rule stays short).
 */
export function normalizeRights(rights: TableRoleRights): TableRoleRights {
  const fields: TableRoleRights['fields'] = {};
  for (const [code, level] of Object.entries(rights.fields)) if (level !== rights.newFields) fields[code] = level;
  return { ...rights, actions: TableAction.filter((a) => rights.actions.includes(a)), fields };
}

/** A role's grants in a few words for the matrix header ("销售部 等 3 项"). */
export function grantsLabel(
  grants: { kind: string; target: string; name: string }[],
  words: { none: string; everyone: string; admins: string; more: (first: string, count: number) => string },
): string {
  if (!grants.length) return words.none;
  const name = (g: { kind: string; name: string }) =>
    g.kind === 'everyone' ? words.everyone : g.kind === 'teamRole' ? words.admins : g.name;
  const first = grants[0] as { kind: string; name: string };
  return grants.length === 1 ? name(first) : words.more(name(first), grants.length);
}
