import { type BodyOf, ShortcutEndpoints } from '@canopy/contract';
import { call } from '../../../shell/api/client';

export const shortcutKeys = {
  all: (engineCode: string) => ['shortcuts', engineCode] as const,
  list: (engineCode: string) => ['shortcuts', engineCode, 'list'] as const,
  tree: (engineCode: string) => ['shortcuts', engineCode, 'tree'] as const,
};

/** Writes show the spec's fixed failure texts (§8) or the field's message, so no catalogue popup. */
const inline = { errors: 'inline' } as const;

export const shortcutsApi = {
  list: () => call(ShortcutEndpoints.list),
  tree: () => call(ShortcutEndpoints.tree),
  create: (body: BodyOf<typeof ShortcutEndpoints.create>) => call(ShortcutEndpoints.create, { body, ...inline }),
  update: (code: string, body: BodyOf<typeof ShortcutEndpoints.update>) =>
    call(ShortcutEndpoints.update, { params: { code }, body, ...inline }),
  remove: (code: string) => call(ShortcutEndpoints.remove, { params: { code }, ...inline }),
  saveLayout: (layout: string[]) => call(ShortcutEndpoints.saveLayout, { body: { layout }, ...inline }),
};
