import type { SavedViewInfo, ViewInfo, WithheldViewField } from '@canopy/contract';
import type { TFunction } from 'i18next';

/** The view a save answered, as the view list keeps it (without the save's warning). */
export function viewOf(saved: SavedViewInfo): ViewInfo {
  const { withheld: _warning, ...view } = saved;
  return view;
}

/**
 * The designer's warning after saving a public view that filters, sorts or groups by fields the
 * table's field rules hide from some role: members of that role get the view without them (the server
 * drops them, issue 30). Any of the app's roles, by the names the server gives, in the app's order
 * (issue 27). Empty when there is nothing to say.
 */
export function withheldText(withheld: WithheldViewField[], t: TFunction): string {
  if (!withheld.length) return '';
  const join = t('views.withheldJoin');
  const names = new Map<string, string>();
  // Each field lists its roles in the app's order: merge the lists keeping it (a role new to the
  // list goes before the first later role of its field already placed).
  const order: string[] = [];
  for (const w of withheld)
    w.roles.forEach((key, i) => {
      names.set(key, w.roleNames[i] ?? key);
      if (order.includes(key)) return;
      const next = w.roles.slice(i + 1).find((k) => order.includes(k));
      order.splice(next === undefined ? order.length : order.indexOf(next), 0, key);
    });
  return t('views.withheld', {
    roles: order.map((key) => names.get(key)).join(join),
    fields: withheld.map((w) => t('views.withheldField', { name: w.name })).join(join),
  });
}

/**
 * What each view's saves last warned of: a view saved again and again (a column dragged wider, a filter
 * value typed) warns once, and again only when what members miss changes.
 */
export class WithheldWarnings {
  private readonly last = new Map<string, string>();

  /** The warning to show for this save of view `code`, or '' (nothing new to say). */
  next(code: string, withheld: WithheldViewField[], t: TFunction): string {
    const text = withheldText(withheld, t);
    const before = this.last.get(code) ?? '';
    this.last.set(code, text);
    return text === before ? '' : text;
  }
}
