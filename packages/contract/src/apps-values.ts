/**
 * The plain values and helpers of apps.ts, which re-exports them: apart from its TypeBox schemas so a
 * browser page using only these does not load TypeBox (the bundler keeps a used module's imports).
 */
import type { FunctionNode } from './apps.js';

export const FunctionNodeType = {
  dashboard: 'Dashboard',
  group: 'Group',
  schema: 'Schema',
  userModule: 'UserModule',
  /** A custom-menu link to another address, opened in a new tab (spec §6 custom menu). */
  link: 'Link',
} as const;
export const SchemaTag = { normal: 'Normal', shared: 'SharedSchema', sync: 'SyncSchema' } as const;
export const AppRole = { owner: 'owner', manager: 'manager', member: 'member' } as const;
export type AppRole = (typeof AppRole)[keyof typeof AppRole];

/** Theme colours an app can take (spec §3 "color (theme index)"). */
export const APP_COLORS = [
  '#0e9f6e',
  '#1677ff',
  '#722ed1',
  '#eb2f96',
  '#fa541c',
  '#faad14',
  '#13c2c2',
  '#2f54eb',
  '#52c41a',
  '#8c8c8c',
];
export const APP_ICONS = [
  'appstore',
  'database',
  'team',
  'shop',
  'schedule',
  'file-text',
  'project',
  'rocket',
  'car',
  'dollar',
  // Added with the template center's twenty templates (issue 29), each app its own mark.
  'audit',
  'calendar',
  'solution',
  'clock-circle',
  'tool',
  'customer-service',
  'inbox',
  'safety',
  'build',
  'book',
  'shopping-cart',
  'laptop',
  'wallet',
];
export const APP_NAME_MAX = 30;

/** A menu item with where it sits: its group ('' at the top level) and its place among its siblings. */
export interface PlacedNode extends FunctionNode {
  parentCode: string;
  index: number;
}

/** Every item of a menu tree in menu order (a group, then its children), each with its place. */
export function flattenNodeTree(tree: FunctionNode[], parentCode = ''): PlacedNode[] {
  return tree.flatMap((node, index) => [{ ...node, parentCode, index }, ...flattenNodeTree(node.children, node.code)]);
}

export const MENU_LINK_URL_MAX = 2000;

/** A custom-menu link opens only http and https addresses (no javascript:, data: or relative paths). */
export function isMenuLinkUrl(raw: string): boolean {
  const url = raw.trim();
  if (!url || url.length > MENU_LINK_URL_MAX) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && Boolean(parsed.hostname);
  } catch {
    return false;
  }
}

/** Visible characters of rich text: what the 2000 limit counts. */
export function richTextLength(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, 'x');
  return [...text].length;
}
