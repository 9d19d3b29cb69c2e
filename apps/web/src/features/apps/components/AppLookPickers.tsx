import { CheckOutlined } from '@ant-design/icons';
import { APP_COLORS, APP_ICONS } from '@canopy/contract';
import { Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { appColorHex, appIconComponent } from './app-visuals';

interface PickerProps<T> {
  value?: T;
  onChange?: (value: T) => void;
  disabled?: boolean;
  /** Tile size in px. */
  size?: number;
}

/** The theme colours of an app as swatches (a form control: value is the colour index). */
export function AppColorPicker({ value = 0, onChange, disabled, size = 28 }: PickerProps<number>) {
  const { t } = useTranslation();
  return (
    <Flex wrap gap={8} role="group" aria-label={t('apps.colorLabel')} data-testid="app-color-picker">
      {APP_COLORS.map((hex, index) => (
        <button
          key={hex}
          type="button"
          aria-pressed={value === index}
          aria-label={t('apps.colorOption', { index: index + 1 })}
          disabled={disabled}
          onClick={() => onChange?.(index)}
          data-testid={`app-color-${index}`}
          style={{
            width: size,
            height: size,
            borderRadius: 6,
            border: 'none',
            background: hex,
            color: '#fff',
            cursor: disabled ? 'not-allowed' : 'pointer',
            outlineOffset: 2,
            boxShadow: value === index ? `0 0 0 2px #fff, 0 0 0 4px ${hex}` : undefined,
          }}
        >
          {value === index && <CheckOutlined />}
        </button>
      ))}
    </Flex>
  );
}

/** The app icons to choose from, drawn in the chosen colour (value is the icon name). */
export function AppIconPicker({
  value,
  onChange,
  disabled,
  size = 36,
  color = 0,
}: PickerProps<string> & { color?: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const hex = appColorHex(color);
  return (
    <Flex wrap gap={8} role="group" aria-label={t('apps.iconLabel')} data-testid="app-icon-picker">
      {APP_ICONS.map((name) => {
        const Icon = appIconComponent(name);
        const checked = value === name;
        return (
          <button
            key={name}
            type="button"
            aria-pressed={checked}
            aria-label={name}
            disabled={disabled}
            onClick={() => onChange?.(name)}
            data-testid={`app-icon-${name}`}
            style={{
              width: size,
              height: size,
              borderRadius: 8,
              fontSize: Math.round(size * 0.5),
              cursor: disabled ? 'not-allowed' : 'pointer',
              border: `1px solid ${checked ? hex : token.colorBorderSecondary}`,
              background: checked ? hex : token.colorBgContainer,
              color: checked ? '#fff' : token.colorTextSecondary,
            }}
          >
            <Icon />
          </button>
        );
      })}
    </Flex>
  );
}
