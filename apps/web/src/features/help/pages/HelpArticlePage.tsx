import { ArrowLeftOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Result, Row, Typography } from 'antd';
import type { MouseEvent } from 'react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { currentLanguage } from '../../../shell/i18n/i18n';
import { useDocumentTitle } from '../../../shell/layout/useDocumentTitle';
import { articlesIn, renderArticle } from '../help-articles';
import '../help-center.css';
import { PageHeading } from '../../../shell/layout/PageHeading';

/** Headings before a table of contents is worth showing. */
const TOC_FROM = 3;

/** /help/:slug: one article in the user's language, with its contents and the previous and next articles. */
export function HelpArticlePage() {
  const { t } = useTranslation();
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const articles = useMemo(() => articlesIn(lang), [lang]);
  const index = articles.findIndex((a) => a.slug === slug);
  const article = articles[index];
  const rendered = useMemo(() => (article ? renderArticle(article.markdown) : undefined), [article]);
  useDocumentTitle(article ? `${article.title} - ${t('help.centerTitle')}` : t('help.centerTitle'));
  // Going to another article (上一篇/下一篇, a link inside) starts reading it from its top.
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (slug) top.current?.scrollIntoView({ block: 'start' });
  }, [slug]);

  if (!article || !rendered) {
    return (
      <Result
        status="404"
        title={t('help.articleNotFound')}
        data-testid="help-article-missing"
        extra={
          <Link to="/help">
            <Button type="primary">{t('help.backToCenter')}</Button>
          </Link>
        }
      />
    );
  }

  const prev = articles[index - 1];
  const next = articles[index + 1];
  // Links between articles stay inside the app instead of loading the page again.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (href?.startsWith('/help')) {
      event.preventDefault();
      navigate(href);
    }
  };

  return (
    <div
      ref={top}
      style={{ maxWidth: 1180, margin: '0 auto', padding: '20px 24px 40px' }}
      data-testid="help-article-page"
    >
      <Link to="/help" data-testid="help-back">
        <ArrowLeftOutlined /> {t('help.backToCenter')}
      </Link>
      <Row gutter={24} style={{ marginTop: 12 }}>
        <Col xs={24} lg={rendered.headings.length >= TOC_FROM ? 18 : 24}>
          <Card>
            <PageHeading look={2} style={{ marginTop: 0 }} data-testid="help-article-title">
              {article.title}
            </PageHeading>
            {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only catches clicks on the links inside */}
            <div
              className="canopy-help-article"
              data-testid="help-article-body"
              onClick={onClick}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the repository's Markdown, sanitized by DOMPurify in renderArticle
              dangerouslySetInnerHTML={{ __html: rendered.html }}
            />
            <Flex justify="space-between" gap={12} style={{ marginTop: 32 }} wrap>
              {prev ? (
                <Link to={`/help/${prev.slug}`} data-testid="help-prev">
                  <LeftOutlined /> {t('help.prev')}：{prev.title}
                </Link>
              ) : (
                <span />
              )}
              {next && (
                <Link to={`/help/${next.slug}`} data-testid="help-next">
                  {t('help.next')}：{next.title} <RightOutlined />
                </Link>
              )}
            </Flex>
          </Card>
        </Col>
        {rendered.headings.length >= TOC_FROM && (
          <Col xs={0} lg={6}>
            <Card size="small" title={t('help.toc')} style={{ position: 'sticky', top: 16 }} data-testid="help-toc">
              <Flex vertical gap={6}>
                {rendered.headings.map((heading) => (
                  <Typography.Link
                    key={heading.id}
                    onClick={() => document.getElementById(heading.id)?.scrollIntoView({ behavior: 'smooth' })}
                  >
                    {heading.text}
                  </Typography.Link>
                ))}
              </Flex>
            </Card>
          </Col>
        )}
      </Row>
    </div>
  );
}
