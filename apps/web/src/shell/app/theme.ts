import type { ThemeConfig } from 'antd';

/** Canopy's look: antd's defaults with an emerald brand colour and a calm, light header. */
export const BRAND_COLOR = '#0e9f6e';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Helvetica Neue', Arial, sans-serif",
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 20px', bodyBg: '#f5f6f8' },
  },
};
