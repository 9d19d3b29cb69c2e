import { ReadOutlined, SearchOutlined } from '@ant-design/icons';
import { Card, Empty, Input, List, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currentLanguage } from '../../../shell/i18n/i18n';
import { PageContainer } from '../../../shell/layout/PageContainer';
import { articlesIn } from '../help-articles';
import { searchArticles } from '../help-search';
import '../help-center.css';

/** The first sentence or so of an article, for the list. */
function summaryOf(text: string): string {
  return text.length > 90 ? `${text.slice(0, 90)}…` : text;
}

/**
 * /help: the help center's articles in the user's language and a search over their titles and text
 * (`?q=` keeps the query in the address, so a search can be shared and survives going back).
 */
export function HelpCenterPage() {
  const { t } = useTranslation();
  const lang = currentLanguage();
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const articles = useMemo(() => articlesIn(lang), [lang]);
  const results = useMemo(() => searchArticles(articles, query), [articles, query]);
  const searching = query.trim().length > 0;

  return (
    <PageContainer title={t('help.centerTitle')} testId="help-center">
      <Typography.Paragraph type="secondary">{t('help.centerIntro')}</Typography.Paragraph>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        maxLength={100}
        size="large"
        defaultValue={query}
        placeholder={t('help.searchPlaceholder')}
        data-testid="help-search"
        style={{ maxWidth: 560, marginBottom: 20 }}
        onChange={(e) => setParams(e.target.value ? { q: e.target.value } : {}, { replace: true })}
      />
      {searching ? (
        results.length === 0 ? (
          <Empty description={t('help.noResults', { query })} data-testid="help-no-results" />
        ) : (
          <Card>
            <List
              dataSource={results}
              header={t('help.resultCount', { count: results.length })}
              renderItem={(result) => (
                <List.Item className="canopy-help-result" data-testid="help-result">
                  <List.Item.Meta
                    title={
                      <Link to={`/help/${result.slug}`} data-testid={`help-link-${result.slug}`}>
                        {result.title}
                      </Link>
                    }
                    description={
                      <span data-testid="help-result-snippet">
                        {result.snippet.before}
                        {result.snippet.hit && <mark>{result.snippet.hit}</mark>}
                        {result.snippet.after}
                      </span>
                    }
                  />
                </List.Item>
              )}
            />
          </Card>
        )
      ) : (
        <Card>
          <List
            dataSource={articles}
            renderItem={(article) => (
              <List.Item data-testid="help-article-item">
                <List.Item.Meta
                  avatar={<ReadOutlined style={{ fontSize: 18, marginTop: 4 }} />}
                  title={
                    <Link to={`/help/${article.slug}`} data-testid={`help-link-${article.slug}`}>
                      {article.title}
                    </Link>
                  }
                  description={summaryOf(article.text)}
                />
              </List.Item>
            )}
          />
        </Card>
      )}
    </PageContainer>
  );
}
