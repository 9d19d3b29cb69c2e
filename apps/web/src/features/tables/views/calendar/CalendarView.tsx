import type { FieldInfo, RecordItem, RecordQueryBody } from '@canopy/contract';
import { Alert, Calendar, Flex, Popover, Select, Spin, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../shell/api/form-errors';
import { BRAND_DEEP_TEXT, BRAND_SOFT_BG } from '../../../../shell/app/theme';
import { groupableFields } from '../bar/view-kinds';
import { PickFieldState } from '../cards/PickFieldState';
import { withConditions } from '../filter-ops';
import { useViewRecords } from '../useViewRecords';
import type { OpenView, ViewEnv } from '../view-env';

interface Props {
  env: ViewEnv;
  open: OpenView;
  /** The view's query (filter, sorts, search); the calendar adds the shown weeks to its filter. */
  body: RecordQueryBody;
}

/** A month shows at most this many records; busier months say so. */
const CAP = 2000;
const PER_DAY = 3;

/** The days a month's page shows: from the week of its 1st, six weeks on. */
export function visibleRange(month: Dayjs): [string, string] {
  const start = month.startOf('month').startOf('week');
  return [start.format('YYYY-MM-DD'), start.add(41, 'day').format('YYYY-MM-DD')];
}

/** The day a record falls on by the calendar's field (date values are days; moments are local times). */
export function dayOf(field: FieldInfo, value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  return field.type === 'date' ? value.slice(0, 10) : dayjs(value).format('YYYY-MM-DD');
}

/** Records on their day by a date or date-time field; moving between months queries that month. */
export function CalendarView({ env, open, body }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [month, setMonth] = useState(() => dayjs());
  const choices = groupableFields('calendar', env.fields);
  const field = choices.find((f) => f.code === open.config.groupBy);
  const [from, to] = visibleRange(month);
  const query: RecordQueryBody = field
    ? {
        ...body,
        filter: withConditions(body.filter, [{ field: field.code, operator: 'between', value: [from, to] }]),
        sorts: [{ field: field.code, direction: 'asc' }],
        limit: 500,
      }
    : body;
  const records = useViewRecords(env, query, Boolean(field));
  const { rows, hasNextPage, isFetchingNextPage, fetchNextPage } = records;

  // A month is read whole (up to the cap), page after page.
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && rows.length < CAP) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, rows.length, fetchNextPage]);

  const byDay = useMemo(() => {
    const map = new Map<string, RecordItem[]>();
    if (!field) return map;
    for (const r of rows) {
      const day = dayOf(field, r.data[field.code]);
      if (!day) continue;
      const list = map.get(day) ?? [];
      list.push(r);
      map.set(day, list);
    }
    return map;
  }, [rows, field]);

  if (!field)
    return (
      <PickFieldState
        title={t('views.calendarPickField')}
        hint={t('views.calendarPickFieldHint')}
        none={t('views.calendarNoField')}
        choices={choices}
        onPick={open.editable ? (code) => open.update({ ...open.config, groupBy: code }) : undefined}
      />
    );

  const item = (r: RecordItem) => (
    <Typography.Link
      key={r.id}
      ellipsis
      onClick={(e) => {
        e.stopPropagation();
        env.onOpen(r.id);
      }}
      style={{
        display: 'block',
        fontSize: 12,
        lineHeight: '20px',
        padding: '0 6px',
        marginBottom: 2,
        borderRadius: token.borderRadiusSM,
        // The derived colorPrimaryBg of the deepened brand is too grey for its text (2.6:1).
        background: BRAND_SOFT_BG,
        color: BRAND_DEEP_TEXT,
      }}
      data-testid="calendar-item"
    >
      {r.title || t('views.untitled')}
    </Typography.Link>
  );

  return (
    <div data-testid="calendar-view">
      {records.isError && <Alert type="error" showIcon title={errorText(records.error)} style={{ marginBottom: 8 }} />}
      {rows.length >= CAP && hasNextPage && (
        <Alert type="info" showIcon title={t('views.calendarTooMany', { count: CAP })} style={{ marginBottom: 8 }} />
      )}
      <Spin spinning={records.isFetching && !isFetchingNextPage}>
        <Calendar
          value={month}
          onChange={setMonth}
          onPanelChange={setMonth}
          // antd's own header has a year and a month select without names (axe: label, critical).
          headerRender={({ value, onChange }) => <MonthHeader value={value} onChange={onChange} />}
          cellRender={(date, info) => {
            if (info.type !== 'date') return info.originNode;
            const list = byDay.get(date.format('YYYY-MM-DD')) ?? [];
            if (!list.length) return null;
            return (
              <Flex vertical data-testid={`calendar-day-${date.format('YYYY-MM-DD')}`}>
                {list.slice(0, PER_DAY).map(item)}
                {list.length > PER_DAY && (
                  <Popover
                    trigger="click"
                    title={date.format('YYYY-MM-DD')}
                    content={<div style={{ width: 220, maxHeight: 300, overflowY: 'auto' }}>{list.map(item)}</div>}
                  >
                    <Typography.Text
                      type="secondary"
                      style={{ fontSize: 12, cursor: 'pointer', paddingInlineStart: 6 }}
                      onClick={(e) => e.stopPropagation()}
                    >
                      {t('views.calendarMore', { count: list.length - PER_DAY })}
                    </Typography.Text>
                  </Popover>
                )}
              </Flex>
            );
          }}
        />
      </Spin>
    </div>
  );
}

/** The calendar's year and month, each a named select (the month view's only header controls). */
function MonthHeader({ value, onChange }: { value: Dayjs; onChange: (date: Dayjs) => void }) {
  const { t } = useTranslation();
  const year = value.year();
  const years = Array.from({ length: 21 }, (_, i) => year - 10 + i);
  return (
    <Flex justify="flex-end" gap={8} style={{ padding: '8px 0' }}>
      <Select
        aria-label={t('views.calendarYear')}
        value={year}
        onChange={(y: number) => onChange(value.year(y))}
        options={years.map((y) => ({ value: y, label: t('views.calendarYearOption', { year: y }) }))}
        style={{ width: 96 }}
        data-testid="calendar-year"
      />
      <Select
        aria-label={t('views.calendarMonth')}
        value={value.month()}
        onChange={(m: number) => onChange(value.month(m))}
        options={Array.from({ length: 12 }, (_, m) => ({ value: m, label: value.month(m).format('MMM') }))}
        style={{ width: 96 }}
        data-testid="calendar-month"
      />
    </Flex>
  );
}
