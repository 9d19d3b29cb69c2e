import { APP_COLORS, APP_ICONS, type PublishTemplateBody, type TemplateIcon } from '@canopy/contract';
import { FieldValidationError } from '../../http/app-error.js';

const badIcon = (field: string) => new FieldValidationError([{ field, key: 'template.badIcon' }]);

/**
 * A published template's icon as sent: the object, or the spec's JSON text of it (§3; issue 38:
 * accept both). Text gets the object's rules: an icon of the list, a colour of the palette.
 */
export function templateIcon(input: PublishTemplateBody['icon']): TemplateIcon {
  let raw: unknown = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input);
    } catch {
      throw badIcon('icon');
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badIcon('icon');
  const { icon, color, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length) throw badIcon('icon');
  if (typeof icon !== 'string' || !(APP_ICONS as readonly string[]).includes(icon)) throw badIcon('icon.icon');
  if (typeof color !== 'number' || !Number.isInteger(color) || color < 0 || color >= APP_COLORS.length)
    throw badIcon('icon.color');
  return { icon, color };
}
