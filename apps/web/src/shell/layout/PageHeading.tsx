import { Typography, theme } from 'antd';
import type { ComponentProps } from 'react';

type TitleProps = Omit<ComponentProps<typeof Typography.Title>, 'level'>;

/**
 * The page's one `<h1>` (WCAG 1.3.1, 2.4.6: a heading structure screen-reader users can jump by),
 * drawn at the size of a smaller heading (`look`) so the page keeps its calm look.
 */
export function PageHeading({ look = 4, style, ...props }: TitleProps & { look?: 2 | 3 | 4 | 5 }) {
  const { token } = theme.useToken();
  const size = {
    2: [token.fontSizeHeading2, token.lineHeightHeading2],
    3: [token.fontSizeHeading3, token.lineHeightHeading3],
    4: [token.fontSizeHeading4, token.lineHeightHeading4],
    5: [token.fontSizeHeading5, token.lineHeightHeading5],
  }[look];
  return <Typography.Title level={1} style={{ fontSize: size[0], lineHeight: size[1], ...style }} {...props} />;
}
