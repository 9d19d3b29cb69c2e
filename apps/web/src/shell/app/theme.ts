import type { ThemeConfig } from 'antd';

/** Canopy's emerald: the logo's fill, the brand as people know it. */
export const BRAND_COLOR = '#0e9f6e';

/**
 * The same emerald a few shades deeper, for everything that carries text or marks a control: links,
 * primary buttons (white on it), selected tabs and menu items. The logo's shade reaches only 3.4:1 on
 * white; this one reaches 5.2:1 on white and 4.8:1 on the page grey (WCAG 2.1 AA: 4.5:1 for text,
 * 3:1 for controls), and antd derives its hover and active shades from it.
 */
export const BRAND_UI_COLOR = '#0a7d56';

/** Secondary text (descriptions, hints, placeholders): 5.2:1 on white, 4.7:1 on the page grey. */
const TERTIARY_TEXT = 'rgba(0, 0, 0, 0.58)';

/** A soft brand background and the text that reads on it (7.1:1; the brand's UI colour 4.65:1): selected menu items, calendar days and items. */
export const BRAND_SOFT_BG = '#ebf6f0';
export const BRAND_DEEP_TEXT = '#075e42';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_UI_COLOR,
    colorLink: BRAND_UI_COLOR,
    colorInfo: '#1668dc',
    colorError: '#cf1322',
    colorTextTertiary: TERTIARY_TEXT,
    colorTextDescription: TERTIARY_TEXT,
    colorTextPlaceholder: TERTIARY_TEXT,
    // antd derives the tints from the seed; the deepened brand's come out grey (#aabdb3), on which
    // the brand's own text reads at 2.6:1 (selected calendar days, selected options).
    colorPrimaryBg: BRAND_SOFT_BG,
    colorPrimaryBgHover: '#d3eadf',
    // The focus halo round inputs and selects, strong enough to find (antd's default is 10 % opacity).
    controlOutline: 'rgba(10, 125, 86, 0.35)',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 20px', bodyBg: '#f5f6f8' },
    // A selected menu item writes on the brand's tint: one shade deeper keeps it above 4.5:1 there.
    Menu: { itemSelectedColor: BRAND_DEEP_TEXT, itemSelectedBg: BRAND_SOFT_BG },
  },
};
