import { type PageBlock, type PageBlockKind, sameSitePath, type WidgetPlace } from '@canopy/contract';

export const newBlockId = () => `b${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A new block's natural size on the 12-column grid. */
const SIZE: Record<PageBlockKind, { w: number; h: number }> = {
  text: { w: 6, h: 3 },
  image: { w: 4, h: 4 },
  view: { w: 12, h: 6 },
  widget: { w: 4, h: 4 },
  button: { w: 3, h: 2 },
  todos: { w: 6, h: 6 },
  links: { w: 4, h: 4 },
  embed: { w: 12, h: 8 },
};

/** Where a new block of this kind goes: below everything, at its natural size. */
export function placeNewBlock(blocks: PageBlock[], kind: PageBlockKind): WidgetPlace {
  const y = blocks.reduce((max, b) => Math.max(max, b.place.y + b.place.h), 0);
  return { x: 0, y, ...SIZE[kind] };
}

/**
 * The address a link opens inside the product (a path, as the browser would read it), or null for an
 * outside address — `/\evil.example` is one (contract `sameSitePath`).
 */
export function insidePath(url: string): string | null {
  return sameSitePath(url);
}
