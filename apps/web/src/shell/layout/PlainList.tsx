import { ConfigProvider } from 'antd';
import useListStyle from 'antd/es/list/style';
import { type HTMLAttributes, type ReactNode, useContext } from 'react';

/**
 * antd's List as /home shows it (its own styles and class names, same DOM for items and their meta)
 * without antd's List component: that one imports Pagination, which imports Select and its virtual
 * list (~30 KB br on /home) for pages these short lists never have.
 */
export function PlainList({ split = true, children }: { split?: boolean; children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('list');
  const [hashId, cssVarCls] = useListStyle(prefixCls);
  const root = [prefixCls, split ? `${prefixCls}-split` : '', hashId, cssVarCls].filter(Boolean).join(' ');
  return (
    <div className={root}>
      <ul className={`${prefixCls}-items ${prefixCls}-container ${cssVarCls}`}>{children}</ul>
    </div>
  );
}

/** One item: `List.Item`'s element and class. */
export function PlainListItem({ className, ...rest }: HTMLAttributes<HTMLLIElement>) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const cls = `${getPrefixCls('list')}-item`;
  return <li {...rest} className={className ? `${cls} ${className}` : cls} />;
}

/** `List.Item.Meta` without an avatar: a title over a description. */
export function PlainListMeta({ title, description }: { title: ReactNode; description: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const p = `${getPrefixCls('list')}-item-meta`;
  return (
    <div className={p}>
      <div className={`${p}-content`}>
        <h4 className={`${p}-title`}>{title}</h4>
        <div className={`${p}-description`}>{description}</div>
      </div>
    </div>
  );
}
