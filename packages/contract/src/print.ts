import Type, { type Static } from 'typebox';

/**
 * Print (the print sub-application): templates per data table that lay out one record on paper —
 * fields, static text, images, a sub-table as a table, the flow's approval timeline and a QR code of
 * the record's link — on a page of a chosen size, orientation and margins, with a header and footer.
 * The server resolves what a viewer may see (field and row rules) into a document; the web app
 * previews and prints it, and the server turns it into a PDF.
 */
export const PRINT_VERSION = '1.0.0';

export const PrintLimits = {
  /** Records in one print (preview or PDF). */
  records: 200,
  templatesPerTable: 50,
  blocks: 100,
  nameMax: 64,
  textMax: 2000,
  headerMax: 200,
  /** Custom page sides, millimetres. */
  pageMinMm: 50,
  pageMaxMm: 1000,
  marginMaxMm: 50,
} as const;

/** Paper sizes in millimetres (portrait). */
export const PAGE_SIZES_MM = { A4: { width: 210, height: 297 }, A5: { width: 148, height: 210 } } as const;

export const PrintPage = Type.Object(
  {
    size: Type.Union([Type.Literal('A4'), Type.Literal('A5'), Type.Literal('custom')]),
    /** Custom size only (millimetres, portrait sides). */
    width: Type.Optional(Type.Number({ minimum: PrintLimits.pageMinMm, maximum: PrintLimits.pageMaxMm })),
    height: Type.Optional(Type.Number({ minimum: PrintLimits.pageMinMm, maximum: PrintLimits.pageMaxMm })),
    orientation: Type.Union([Type.Literal('portrait'), Type.Literal('landscape')]),
    margins: Type.Object(
      {
        top: Type.Number({ minimum: 0, maximum: PrintLimits.marginMaxMm }),
        right: Type.Number({ minimum: 0, maximum: PrintLimits.marginMaxMm }),
        bottom: Type.Number({ minimum: 0, maximum: PrintLimits.marginMaxMm }),
        left: Type.Number({ minimum: 0, maximum: PrintLimits.marginMaxMm }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type PrintPage = Static<typeof PrintPage>;

const FieldCode = Type.String({ minLength: 1, maxLength: 64 });

/** One thing placed on the page, top to bottom. */
export const PrintBlock = Type.Union([
  Type.Object(
    {
      kind: Type.Literal('field'),
      field: FieldCode,
      /** Half: two fields share a line. */
      width: Type.Union([Type.Literal('full'), Type.Literal('half')]),
      /** Number and money fields: the amount in Chinese capitals (人民币大写), 壹仟贰佰叁拾肆元伍角整. */
      amountInWords: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('text'),
      text: Type.String({ minLength: 1, maxLength: PrintLimits.textMax }),
      style: Type.Union([Type.Literal('title'), Type.Literal('heading'), Type.Literal('body'), Type.Literal('note')]),
      align: Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('image'),
      /** An image uploaded to the team (/v1/files). */
      fileId: Type.String({ minLength: 1, maxLength: 64 }),
      /** Millimetres. */
      width: Type.Number({ minimum: 5, maximum: 300 }),
      align: Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]),
    },
    { additionalProperties: false },
  ),
  Type.Object({ kind: Type.Literal('subTable'), field: FieldCode }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('timeline') }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('qr'),
      /** Millimetres. */
      size: Type.Number({ minimum: 10, maximum: 100 }),
      align: Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]),
    },
    { additionalProperties: false },
  ),
]);
export type PrintBlock = Static<typeof PrintBlock>;
export type PrintBlockKind = PrintBlock['kind'];

/** The field types a print may write in Chinese capitals (人民币大写). */
export const AMOUNT_IN_WORDS_TYPES = ['number', 'money'] as const;

/** What a designer saves. Header and footer may hold {page}, {pages}, {title} and {date}. */
const savePrintTemplateBodyFields = {
  name: Type.String({ minLength: 1, maxLength: PrintLimits.nameMax }),
  page: PrintPage,
  header: Type.String({ maxLength: PrintLimits.headerMax }),
  footer: Type.String({ maxLength: PrintLimits.headerMax }),
  blocks: Type.Array(PrintBlock, { maxItems: PrintLimits.blocks }),
};
export const SavePrintTemplateBody = Type.Object(savePrintTemplateBodyFields, { additionalProperties: false });
export type SavePrintTemplateBody = Static<typeof SavePrintTemplateBody>;

export const PrintTemplate = Type.Object({
  id: Type.String(),
  schemaCode: Type.String(),
  ...savePrintTemplateBodyFields,
  updatedAt: Type.Integer(),
});
export type PrintTemplate = Static<typeof PrintTemplate>;

export const PrintTemplateList = Type.Object({
  templates: Type.Array(PrintTemplate),
  /** May this member design the table's templates (the app's designers). */
  canDesign: Type.Boolean(),
});
export type PrintTemplateList = Static<typeof PrintTemplateList>;

export const PrintTemplateParams = Type.Object({
  appCode: Type.String({ minLength: 1, maxLength: 64 }),
  schemaCode: Type.String({ minLength: 1, maxLength: 64 }),
  templateId: Type.String({ minLength: 1, maxLength: 64 }),
});

/** Print these records with a template (without one: the table's form in a default layout). */
export const PrintBody = Type.Object(
  {
    templateId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1 }),
  },
  { additionalProperties: false },
);
export type PrintBody = Static<typeof PrintBody>;

/** A file shown on paper: images inline, other files by name. */
export const PrintFile = Type.Object({ name: Type.String(), url: Type.String(), isImage: Type.Boolean() });

/** A resolved block: what one record shows, already within the viewer's rules. */
export const PrintItem = Type.Union([
  Type.Object({
    kind: Type.Literal('field'),
    label: Type.String(),
    text: Type.String(),
    width: Type.Union([Type.Literal('full'), Type.Literal('half')]),
    files: Type.Optional(Type.Array(PrintFile)),
  }),
  Type.Object({
    kind: Type.Literal('text'),
    text: Type.String(),
    style: Type.Union([Type.Literal('title'), Type.Literal('heading'), Type.Literal('body'), Type.Literal('note')]),
    align: Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]),
  }),
  Type.Object({
    kind: Type.Literal('image'),
    url: Type.String(),
    width: Type.Number(),
    align: Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]),
  }),
  Type.Object({
    kind: Type.Literal('subTable'),
    label: Type.String(),
    columns: Type.Array(Type.String()),
    rows: Type.Array(Type.Array(Type.String())),
  }),
  Type.Object({
    kind: Type.Literal('timeline'),
    entries: Type.Array(
      Type.Object({
        node: Type.String(),
        who: Type.String(),
        action: Type.String(),
        comment: Type.String(),
        at: Type.Integer(),
      }),
    ),
  }),
  Type.Object({
    kind: Type.Literal('qr'),
    url: Type.String(),
    size: Type.Number(),
    align: Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')]),
  }),
]);
export type PrintItem = Static<typeof PrintItem>;

/** What is printed: the page, header and footer, and each record's items (one record starts a page). */
export const PrintDocument = Type.Object({
  title: Type.String(),
  page: PrintPage,
  header: Type.String(),
  footer: Type.String(),
  /** Printing day, 'YYYY-MM-DD' (UTC+8), for {date}. */
  date: Type.String(),
  records: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), items: Type.Array(PrintItem) })),
});
export type PrintDocument = Static<typeof PrintDocument>;

/** Page width and height in millimetres, orientation applied. */
export function pageSizeMm(page: PrintPage): { width: number; height: number } {
  const base =
    page.size === 'custom'
      ? { width: page.width ?? PAGE_SIZES_MM.A4.width, height: page.height ?? PAGE_SIZES_MM.A4.height }
      : PAGE_SIZES_MM[page.size];
  const [short, long] = [Math.min(base.width, base.height), Math.max(base.width, base.height)];
  return page.orientation === 'landscape' ? { width: long, height: short } : { width: short, height: long };
}

/** A header or footer with its placeholders filled. */
export function fillPageText(text: string, v: { page: number; pages: number; title: string; date: string }): string {
  return text
    .replaceAll('{page}', String(v.page))
    .replaceAll('{pages}', String(v.pages))
    .replaceAll('{title}', v.title)
    .replaceAll('{date}', v.date);
}

export const DEFAULT_PRINT_PAGE: PrintPage = {
  size: 'A4',
  orientation: 'portrait',
  margins: { top: 15, right: 15, bottom: 15, left: 15 },
};
