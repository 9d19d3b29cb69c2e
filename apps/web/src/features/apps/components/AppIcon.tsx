import { appColorHex, appIconComponent } from './app-visuals';

interface AppIconProps {
  icon: string;
  color: number | string | null | undefined;
  size?: number;
}

/** An app's mark: its icon in white on a rounded tile of its theme colour. */
export function AppIcon({ icon, color, size = 40 }: AppIconProps) {
  const Icon = appIconComponent(icon);
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        flex: 'none',
        alignItems: 'center',
        justifyContent: 'center',
        width: size,
        height: size,
        borderRadius: Math.round(size / 4),
        background: appColorHex(color),
        color: '#fff',
        fontSize: Math.round(size * 0.5),
      }}
    >
      <Icon />
    </span>
  );
}
