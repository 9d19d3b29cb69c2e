import { ArrowLeftOutlined, DownloadOutlined, EditOutlined, PrinterOutlined } from '@ant-design/icons';
import { PrintLimits } from '@canopy/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Flex, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../shell/api/form-errors';
import { PageHeading } from '../../../shell/layout/PageHeading';
import { MAIN_CONTENT_ID, SkipLink } from '../../../shell/layout/SkipLink';
import { downloadPdf, printApi, printKeys } from '../api/print-api';
import { PrintSheet, SHEET_CSS } from '../components/PrintSheet';
import { printDesignerPath } from '../print-links';
import { pageCss } from '../print-model';
import { useBack, usePrintTable } from '../print-params';

/** The records as they will be printed, with the browser's print and the server's PDF. */
export function PreviewPage() {
  const { engineCode, p } = usePrintTable();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const ids = (search.get('ids') ?? '').split(',').filter(Boolean);
  const templateId = search.get('template') ?? '';
  const [downloading, setDownloading] = useState(false);
  const templates = useQuery({ queryKey: printKeys.templates(engineCode, p), queryFn: () => printApi.templates(p) });
  const body = { ids, ...(templateId ? { templateId } : {}) };
  const doc = useQuery({
    queryKey: printKeys.document(engineCode, p, body),
    queryFn: () => printApi.document(p, body),
    enabled: ids.length > 0 && ids.length <= PrintLimits.records,
    retry: false,
  });
  const back = useBack(p);

  const pdf = async () => {
    setDownloading(true);
    try {
      await downloadPdf(p, body);
    } catch (e) {
      message.error(errorText(e));
    } finally {
      setDownloading(false);
    }
  };

  const choose = (id: string) => {
    const next = new URLSearchParams(search);
    if (id) next.set('template', id);
    else next.delete('template');
    setSearch(next, { replace: true });
  };

  let content = null;
  if (!ids.length) content = <Empty description={t('print.nothing')} style={{ marginTop: 80 }} />;
  else if (ids.length > PrintLimits.records)
    content = <Alert type="warning" showIcon title={t('print.tooMany', { limit: PrintLimits.records })} />;
  else if (doc.isError)
    content = <Alert type="error" showIcon title={errorText(doc.error)} data-testid="print-error" />;
  else if (!doc.data)
    content = <Skeleton active paragraph={{ rows: 12 }} style={{ maxWidth: 800, margin: '0 auto' }} />;
  else
    content = (
      <>
        <style>{pageCss(doc.data)}</style>
        {doc.data.records.map((r, i) => (
          <PrintSheet key={r.id} doc={doc.data} record={r} index={i} />
        ))}
      </>
    );

  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }} data-testid="print-preview">
      <style>{SHEET_CSS}</style>
      <SkipLink />
      <Flex
        className="print-hide"
        align="center"
        gap={12}
        style={{ padding: '10px 16px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}
      >
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {t('print.back')}
        </Button>
        <PageHeading look={5} style={{ margin: 0 }}>
          {t('print.previewTitle', { count: ids.length })}
        </PageHeading>
        <Select
          style={{ width: 220, marginInlineStart: 'auto' }}
          value={templateId}
          loading={templates.isPending}
          onChange={choose}
          options={[
            { value: '', label: t('print.defaultTemplate') },
            ...(templates.data?.templates ?? []).map((x) => ({ value: x.id, label: x.name })),
          ]}
          aria-label={t('print.templates')}
          data-testid="print-template-select"
        />
        {templates.data?.canDesign && (
          <Button icon={<EditOutlined />} onClick={() => navigate(printDesignerPath(p, templateId || undefined))}>
            {t('print.design')}
          </Button>
        )}
        <Button
          icon={<PrinterOutlined />}
          disabled={!doc.data}
          onClick={() => window.print()}
          data-testid="print-browser"
        >
          {t('print.print')}
        </Button>
        <Button
          type="primary"
          icon={<DownloadOutlined />}
          disabled={!doc.data}
          loading={downloading}
          onClick={pdf}
          data-testid="print-pdf"
        >
          {t('print.pdf')}
        </Button>
      </Flex>
      {/* Sheets hold no control: the stage is a Tab stop of its own, so the keyboard can scroll it. */}
      <main
        id={MAIN_CONTENT_ID}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region with nothing focusable inside (WCAG 2.1.1)
        tabIndex={0}
        className="print-stage canopy-scroll-region"
        style={{ flex: 1, overflow: 'auto', background: '#f0f2f5', padding: 24 }}
      >
        {content}
      </main>
    </div>
  );
}
