import { RichText } from '@canopy/contract';
import DOMPurify from 'dompurify';
import { type ComponentType, type CSSProperties, lazy, Suspense } from 'react';
import { filesOf, formatDateTime, formatNumber, optionsOf, plainText, subFieldsOf } from './format.js';
import { isObject, num, str, strings, useFieldServices, type ValueViewProps } from './types.js';

// How each field type shows a value (`@canopy/fields/web/view`): the grid's cells, cards and the
// record's details. Nothing from antd on a list cell's path: a grid draws thousands of these while it
// scrolls and its page loads this module, not the editors (index.ts, `@canopy/fields/web`).

// Compact text (grid cells, cards) is cut by CSS, not Typography's ellipsis: that one measures each
// cell after it is drawn, which a grid scrolling through thousands of cells cannot afford.
// The same box as Typography's single-line ellipsis (inline-block, at most the cell's width).
export const ELLIPSIS = {
  display: 'inline-block',
  maxWidth: '100%',
  verticalAlign: 'bottom',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

const TextView = ({ value, compact }: ValueViewProps) =>
  compact ? <span style={ELLIPSIS}>{str(value)}</span> : <span style={{ whiteSpace: 'pre-wrap' }}>{str(value)}</span>;

const EmailView = ({ value }: ValueViewProps) => (value ? <a href={`mailto:${str(value)}`}>{str(value)}</a> : null);
const PhoneView = ({ value }: ValueViewProps) => (value ? <a href={`tel:${str(value)}`}>{str(value)}</a> : null);
/** Only http(s) links are stored (the url type refuses others), and they open without the opener. */
const UrlView = ({ value }: ValueViewProps) => {
  const href = str(value);
  return /^https?:\/\//i.test(href) ? (
    <a href={href} target="_blank" rel="noopener noreferrer" style={ELLIPSIS}>
      {href}
    </a>
  ) : null;
};

function RichView({ value, compact }: ValueViewProps) {
  // The same allowlist the server stores with (a value written before it changed is cleaned again here).
  const html = DOMPurify.sanitize(str(value), {
    ALLOWED_TAGS: [...RichText.tags],
    ALLOWED_ATTR: [...RichText.linkAttributes],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
  });
  if (compact) {
    const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
    return <span style={ELLIPSIS}>{text}</span>;
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify just above (rich-text tags, http(s)/mailto links only)
  return <div className="field-rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}

const numberView =
  (type: string) =>
  ({ value, settings }: ValueViewProps) => <span>{formatNumber(value, settings, type)}</span>;

const DateView = ({ value }: ValueViewProps) => <span>{str(value)}</span>;
const TimeValue = ({ value }: ValueViewProps) => <span>{formatDateTime(value)}</span>;

/** `#rrggbb` → the same hue and saturation at 95 % lightness, as antd's filled Tag tints its background. */
function tint(color: string): string {
  const m = /^#([0-9a-f]{6})$/i.exec(color);
  if (!m?.[1]) return color;
  const n = Number.parseInt(m[1], 16);
  const [r, g, b] = [(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let h = 0;
  if (d !== 0) h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h *= 60;
  const L = 0.95;
  const c = (1 - Math.abs(2 * L - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m0 = L - c / 2;
  const [r1, g1, b1] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  const hex = (v: number) =>
    Math.round((v + m0) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r1)}${hex(g1)}${hex(b1)}`;
}

/**
 * antd's preset tag colors (filled): [background, text] — its `<color>1` token, and for the text its
 * `<color>7`, or `<color>9` where the 7th shade reads under 4.5:1 on the tint (WCAG 1.4.3).
 */
const PRESET: Record<string, [string, string]> = {
  blue: ['#e6f4ff', '#0958d9'],
  purple: ['#f9f0ff', '#531dab'],
  cyan: ['#e6fffb', '#006d75'],
  green: ['#f6ffed', '#135200'],
  magenta: ['#fff0f6', '#c41d7f'],
  pink: ['#fff0f6', '#c41d7f'],
  red: ['#fff1f0', '#cf1322'],
  orange: ['#fff7e6', '#873800'],
  yellow: ['#feffe6', '#614700'],
  volcano: ['#fff2e8', '#ad2102'],
  geekblue: ['#f0f5ff', '#1d39c4'],
  lime: ['#fcffe6', '#3f6600'],
  gold: ['#fffbe6', '#874d00'],
  success: ['#f6ffed', '#135200'],
  processing: ['#e6f4ff', '#0958d9'],
  error: ['#fff2f0', '#cf1322'],
  warning: ['#fffbe6', '#874d00'],
};

/**
 * An option's tag: a plain span drawn as antd's (default, filled) Tag draws it — a grid shows one in
 * every select cell, and the component with its CSS-in-JS hooks cost more than the rest of the cell.
 */
const TAG: CSSProperties = {
  display: 'inline-block',
  position: 'relative',
  paddingInline: 7,
  fontSize: 12,
  lineHeight: '20px',
  whiteSpace: 'nowrap',
  textAlign: 'start',
  border: '1px solid transparent',
  borderRadius: 4,
  background: '#f5f5f5',
  color: 'rgba(0, 0, 0, 0.88)',
};
const TAGS = new Map<string, CSSProperties>();
function tagStyle(color: string) {
  let style = TAGS.get(color);
  if (!style) {
    const preset = PRESET[color];
    style = preset
      ? { ...TAG, background: preset[0], color: preset[1] }
      : /^#[0-9a-f]{6}$/i.test(color)
        ? { ...TAG, background: tint(color), color }
        : TAG;
    TAGS.set(color, style);
  }
  return style;
}

function OptionTags({ value, settings }: ValueViewProps) {
  const ids = typeof value === 'string' ? [value] : strings(value);
  const options = optionsOf(settings);
  return (
    <>
      {ids.map((id) => {
        const o = options.find((x) => x.id === id);
        return o ? (
          <span key={id} className="canopy-tag" style={tagStyle(o.color)}>
            {o.label}
          </span>
        ) : null;
      })}
    </>
  );
}

function CheckboxView({ value }: ValueViewProps) {
  const { t } = useFieldServices();
  if (value === null || value === undefined) return null;
  return <span>{value === true ? t('fieldWeb.yes') : t('fieldWeb.no')}</span>;
}

function MemberView({ value }: ValueViewProps) {
  const { MemberNames } = useFieldServices();
  const ids = strings(value);
  return ids.length ? <MemberNames ids={ids} /> : null;
}
function DepartmentView({ value }: ValueViewProps) {
  const { DepartmentNames } = useFieldServices();
  const ids = strings(value);
  return ids.length ? <DepartmentNames ids={ids} /> : null;
}

/** The full list of files (images as previews) is loaded when a record's details first show one. */
const FileList = lazy(() => import('./file-list.js'));

function FilesView({ value, compact }: ValueViewProps) {
  const { t } = useFieldServices();
  const files = filesOf(value);
  if (compact) return files.length ? <span>{t('fieldWeb.fileCount', { count: files.length })}</span> : null;
  return (
    <Suspense fallback={null}>
      <FileList files={files} />
    </Suspense>
  );
}

function RelationView({ value, settings }: ValueViewProps) {
  const { RecordTitles } = useFieldServices();
  const ids = strings(value);
  return ids.length ? <RecordTitles schemaCode={str(settings.schemaCode)} ids={ids} /> : null;
}

const TextValue = ({ value }: ValueViewProps) => <span>{plainText(value)}</span>;

function LocationView({ value }: ValueViewProps) {
  if (!isObject(value)) return null;
  const lng = num(value.lng);
  const lat = num(value.lat);
  return (
    <span>
      {str(value.address)}
      {lng !== null && lat !== null ? ` (${lng}, ${lat})` : ''}
    </span>
  );
}

function FormulaView({ value, settings }: ValueViewProps) {
  const { t } = useFieldServices();
  if (typeof value === 'boolean') return <span>{value ? t('fieldWeb.yes') : t('fieldWeb.no')}</span>;
  if (settings.resultType === 'date' && typeof value === 'string') return <span>{value.slice(0, 10)}</span>;
  return <span>{plainText(value)}</span>;
}

function MemberIdView({ value }: ValueViewProps) {
  const { MemberNames } = useFieldServices();
  return typeof value === 'string' && value ? <MemberNames ids={[value]} /> : null;
}

/** A sub-table's rows as a small table (antd's, loaded with the record's details). */
const SubTableRows = lazy(() => import('./subtable-rows.js'));

function SubView({ value, settings, compact }: ValueViewProps) {
  const { t } = useFieldServices();
  const rows = Array.isArray(value) ? value.filter(isObject) : [];
  if (compact) return rows.length ? <span>{t('fieldWeb.rowCount', { count: rows.length })}</span> : null;
  return (
    <Suspense fallback={null}>
      <SubTableRows rows={rows} columns={subFieldsOf(settings)} />
    </Suspense>
  );
}

/** How each field type shows a value, by type name (the `View` of `FieldWebs`). */
export const FieldViews: Record<string, ComponentType<ValueViewProps>> = {
  text: TextView,
  textarea: TextView,
  richText: RichView,
  phone: PhoneView,
  email: EmailView,
  url: UrlView,
  number: numberView('number'),
  money: numberView('money'),
  percent: numberView('percent'),
  date: DateView,
  datetime: TimeValue,
  singleSelect: OptionTags,
  multiSelect: OptionTags,
  checkbox: CheckboxView,
  member: MemberView,
  department: DepartmentView,
  attachment: FilesView,
  image: FilesView,
  relation: RelationView,
  lookup: TextValue,
  location: LocationView,
  formula: FormulaView,
  autoNumber: TextValue,
  createdBy: MemberIdView,
  modifiedBy: MemberIdView,
  createdAt: TimeValue,
  modifiedAt: TimeValue,
  subTable: SubView,
};

/** Field types whose values are computed or set by the server: no editor (`FieldWebs[type].Input` is absent). */
const NO_INPUT = new Set(['formula', 'lookup', 'autoNumber', 'createdBy', 'modifiedBy', 'createdAt', 'modifiedAt']);

/** Field types whose values are typed in (`FieldWebs[type].Input` exists), without loading the editors. */
export const INPUT_TYPES: ReadonlySet<string> = new Set(Object.keys(FieldViews).filter((type) => !NO_INPUT.has(type)));
