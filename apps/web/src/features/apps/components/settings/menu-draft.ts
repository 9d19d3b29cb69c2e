import { type FunctionNode, FunctionNodeType, isMenuLinkUrl, type MenuEntry } from '@canopy/contract';

/** One row of the custom menu being edited; `key` is stable while editing (new links have no code yet). */
export interface DraftItem {
  key: string;
  code?: string;
  type: string;
  tag: string;
  displayName: string;
  hidden: boolean;
  url: string;
  children: DraftItem[];
}

export const MENU_NAME_MAX = 64;

let counter = 0;
const newKey = () => {
  counter += 1;
  return `new-${counter}`;
};

export function draftFromTree(tree: FunctionNode[]): DraftItem[] {
  return tree.map((n) => ({
    key: n.code,
    code: n.code,
    type: n.type,
    tag: n.tag,
    displayName: n.displayName,
    hidden: n.hidden,
    url: n.url,
    children: draftFromTree(n.children),
  }));
}

export function newLink(name: string): DraftItem {
  return {
    key: newKey(),
    type: FunctionNodeType.link,
    tag: '',
    displayName: name,
    hidden: false,
    url: '',
    children: [],
  };
}

/** What is wrong with a row, as i18n keys (the server checks the same rules). */
export function rowProblems(item: DraftItem): { name?: 'required' | 'tooLong'; url?: boolean } {
  const name = item.displayName.trim();
  return {
    ...(name ? {} : { name: 'required' as const }),
    ...([...name].length > MENU_NAME_MAX ? { name: 'tooLong' as const } : {}),
    ...(item.type === FunctionNodeType.link && !isMenuLinkUrl(item.url) ? { url: true } : {}),
  };
}

export function hasProblems(items: DraftItem[]): boolean {
  return items.some((i) => Object.keys(rowProblems(i)).length > 0 || hasProblems(i.children));
}

/** The draft as the save call takes it. */
export function toMenuEntries(items: DraftItem[]): MenuEntry[] {
  const entry = (i: DraftItem) => ({
    ...(i.code ? { code: i.code } : {}),
    displayName: i.displayName.trim(),
    hidden: i.hidden,
    ...(i.type === FunctionNodeType.link ? { url: i.url.trim() } : {}),
  });
  return items.map((i) => ({ ...entry(i), ...(i.children.length ? { children: i.children.map(entry) } : {}) }));
}

/** A copy of the draft with one row changed (found by key, at the top level or in a group). */
export function updateRow(items: DraftItem[], key: string, change: (item: DraftItem) => DraftItem | null): DraftItem[] {
  return items.flatMap((item) => {
    if (item.key === key) {
      const next = change(item);
      return next ? [next] : [];
    }
    return [{ ...item, children: updateRow(item.children, key, change) }];
  });
}

/** Moves a row one place up or down among its siblings. */
export function shiftRow(items: DraftItem[], key: string, by: -1 | 1): DraftItem[] {
  const index = items.findIndex((i) => i.key === key);
  if (index >= 0) {
    const target = index + by;
    if (target < 0 || target >= items.length) return items;
    const next = [...items];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(target, 0, moved);
    return next;
  }
  return items.map((i) => ({ ...i, children: shiftRow(i.children, key, by) }));
}
