import { APP_COLORS, APP_ICONS, type CreateShortcutsBody } from '@canopy/contract';
import { FieldValidationError } from '../../http/app-error.js';

type LookInput = CreateShortcutsBody['nodes'][number]['properties'];
export interface ShortcutLook {
  color?: number;
  icon?: string;
}

const bad = (field: string) => new FieldValidationError([{ field, key: 'validate.pattern' }]);

/**
 * A shortcut's colour and icon as sent: the object, or the spec's JSON text of it (issue 38: accept
 * both). Text gets the rules the route's schema gives the object: nothing else in it, an integer
 * colour of the palette, an icon of the list.
 */
export function shortcutLook(input: LookInput): ShortcutLook {
  if (input === undefined) return {};
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch {
      throw bad('properties');
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw bad('properties');
  const { color, icon, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length) throw bad('properties');
  const look: ShortcutLook = {};
  if (color !== undefined) {
    if (typeof color !== 'number' || !Number.isInteger(color) || color < 0 || color >= APP_COLORS.length)
      throw bad('color');
    look.color = color;
  }
  if (icon !== undefined) {
    if (typeof icon !== 'string' || !APP_ICONS.includes(icon)) throw bad('icon');
    look.icon = icon;
  }
  return look;
}
