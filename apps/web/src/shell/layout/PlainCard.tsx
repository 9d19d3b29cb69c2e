import { ConfigProvider } from 'antd';
import useCardStyle from 'antd/es/card/style';
import { type CSSProperties, type HTMLAttributes, type ReactNode, useContext } from 'react';

interface PlainCardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  extra?: ReactNode;
  size?: 'default' | 'small';
  styles?: { body?: CSSProperties };
  'data-testid'?: string;
}

/** What antd counts as content: anything but null, undefined, false and ''. */
const shown = (node: ReactNode) => node !== null && node !== undefined && node !== false && node !== '';

/**
 * antd's Card as /home uses it (title, extra, small size, body styles) with antd's own styles and
 * class names, without antd's Card component: that one imports Tabs (for cards with tabs) and
 * Skeleton, which /home would otherwise download for the header's team list alone.
 */
export function PlainCard({ title, extra, size = 'default', styles, className, children, ...rest }: PlainCardProps) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const p = getPrefixCls('card');
  const [hashId, cssVarCls] = useCardStyle(p);
  const root = [p, `${p}-bordered`, size === 'small' ? `${p}-small` : '', className, hashId, cssVarCls]
    .filter(Boolean)
    .join(' ');
  return (
    <div {...rest} className={root}>
      {(shown(title) || shown(extra)) && (
        <div className={`${p}-head`}>
          <div className={`${p}-head-wrapper`}>
            {shown(title) && <div className={`${p}-head-title`}>{title}</div>}
            {shown(extra) && <div className={`${p}-extra`}>{extra}</div>}
          </div>
        </div>
      )}
      <div className={`${p}-body`} style={styles?.body}>
        {children}
      </div>
    </div>
  );
}
