import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, WarningFilled } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import useResultStyle from 'antd/es/result/style';
import { type ReactNode, useContext } from 'react';

const ICONS = {
  success: CheckCircleFilled,
  error: CloseCircleFilled,
  info: ExclamationCircleFilled,
  warning: WarningFilled,
};

export type PlainResultStatus = keyof typeof ICONS;

interface PlainResultProps {
  status?: PlainResultStatus;
  icon?: ReactNode;
  title?: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  'data-testid'?: string;
}

/** What antd counts as content: anything but null, undefined, false and ''. */
const shown = (node: ReactNode) => node !== null && node !== undefined && node !== false && node !== '';

/**
 * antd's Result for the icon statuses (success, error, info, warning), with antd's styles and class
 * names, without antd's Result component: that one carries the 403, 404 and 500 illustrations (the
 * full-page errors load them, ErrorPageFrame), which the shell's and /home's messages never show.
 */
export function PlainResult({ status = 'info', icon, title, subTitle, extra, ...rest }: PlainResultProps) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const p = getPrefixCls('result');
  const [hashId, cssVarCls] = useResultStyle(p);
  const Icon = ICONS[status];
  return (
    <div {...rest} className={[p, `${p}-${status}`, hashId, cssVarCls].join(' ')}>
      {icon !== null && icon !== false && <div className={`${p}-icon`}>{shown(icon) ? icon : <Icon />}</div>}
      {shown(title) && <div className={`${p}-title`}>{title}</div>}
      {shown(subTitle) && <div className={`${p}-subtitle`}>{subTitle}</div>}
      {shown(extra) && <div className={`${p}-extra`}>{extra}</div>}
    </div>
  );
}
