import { Empty, Typography } from 'antd';

/** An empty section: what is missing, and how it will fill. */
export function SectionEmpty({ title, hint }: { title: string; hint: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      style={{ padding: '4px 0', margin: 0 }}
      description={
        <>
          <Typography.Text>{title}</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {hint}
          </Typography.Text>
        </>
      }
    />
  );
}
