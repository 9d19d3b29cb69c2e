import { describe, expect, it } from 'vitest';
import {
  evaluateFormula,
  type FormulaEnvironment,
  type FormulaError,
  type FormulaNode,
  type FormulaValue,
  formulaFunctionNames,
  formulaReferences,
  parseFormula,
  runFormula,
} from './index.js';

/** 2024-03-01 04:30 in UTC+8 (still 2024-02-29 in UTC): the day boundary shows which zone is used. */
const NOW = new Date('2024-02-29T20:30:00Z');

type Options = Partial<Omit<FormulaEnvironment, 'field'>>;

function env(fields: Record<string, unknown> = {}, options: Options = {}): FormulaEnvironment {
  // A Map, as a careful caller would: `{__proto__}` is then simply unknown.
  const map = new Map(Object.entries(fields));
  return { field: (name) => (map.has(name) ? map.get(name) : undefined), now: () => NOW, ...options };
}

function value(source: string, fields?: Record<string, unknown>, options?: Options): FormulaValue {
  const r = runFormula(source, env(fields, options));
  if (!r.ok) throw new Error(`${source}: ${JSON.stringify(r.error)}`);
  return r.value;
}

function error(source: string, fields?: Record<string, unknown>, options?: Options): FormulaError {
  const r = runFormula(source, env(fields, options));
  if (r.ok) throw new Error(`${source} gave ${JSON.stringify(r.value)}`);
  return r.error;
}

const code = (source: string, fields?: Record<string, unknown>, options?: Options) =>
  error(source, fields, options).code;

describe('literals and syntax', () => {
  it.each<[string, FormulaValue]>([
    ['42', 42],
    ['1.5', 1.5],
    ['.5', 0.5],
    ['1e3', 1000],
    ['2.5E-1', 0.25],
    ['"双引号"', '双引号'],
    ["'单引号'", '单引号'],
    [String.raw`"a\"b"`, 'a"b'],
    [String.raw`'it\'s'`, "it's"],
    [String.raw`"a\\b\nc\td"`, 'a\\b\nc\td'],
    [String.raw`"\u4e2d\u6587"`, '中文'],
    [String.raw`"\ud83d\ude00"`, '😀'],
    ['true', true],
    ['FALSE', false],
    ['Null', null],
    ['= 1 + 1', 2],
    [' \n\t1\u3000+\u00a02 ', 3],
    ['sum(1, 2)', 3],
    ['Sum（1，2）', 3],
  ])('%s → %j', (source, expected) => {
    expect(value(source)).toEqual(expected);
  });

  it('exposes references and a JSON-safe tree', () => {
    const parsed = parseFormula('IF({数量} > 0, {单价} * {数量}, 0)');
    expect(parsed.ok && parsed.references).toEqual(['数量', '单价']);
    if (!parsed.ok) return;
    expect(JSON.parse(JSON.stringify(parsed.ast))).toEqual(parsed.ast);
    expect(parsed.ast).toMatchObject({ kind: 'call', name: 'IF', pos: 0 });
  });

  it('lists the required functions', () => {
    const names = formulaFunctionNames();
    const required =
      'SUM AVERAGE MIN MAX ROUND ROUNDUP ROUNDDOWN ABS INT MOD POWER SQRT COUNT IF IFS AND OR NOT ISEMPTY SWITCH ' +
      'CONCATENATE LEN LEFT RIGHT MID UPPER LOWER TRIM REPLACE SUBSTITUTE TEXT FIND CONTAINS VALUE ' +
      'TODAY NOW DATE YEAR MONTH DAY HOUR MINUTE DATEDIF DATEADD WEEKDAY DAYS';
    for (const name of required.split(' ')) expect(names).toContain(name);
  });
});

describe('operators', () => {
  it.each<[string, FormulaValue]>([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['100 / 10 / 5', 2],
    ['2 * 3 % 4', 2],
    ['7 % 3 * 2', 2],
    ['-2 * 3', -6],
    ['--2', 2],
    ['-(2 + 3)', -5],
    ['+"4"', 4],
    ['-3 % 2', 1],
    ['3 % -2', -1],
    ['1 + 2 & 3', '33'],
    ["'a' & 1 + 2", 'a3'],
    ['1 + 2 = 3', true],
    ["'x' & 1 = 'x1'", true],
    ['1 <> 2', true],
    ['1 != 1', false],
    ['1 == 1', true],
    ['2 <= 2', true],
    ['3 >= 4', false],
    ['true OR false AND false', true],
    ['(true OR false) AND false', false],
    ['true || false && false', true],
    ['!false && false', false],
    ['NOT 1 = 2', true],
    ['NOT(1) = FALSE', true],
    ['not true or true', true],
    ['1 < 2 AND 2 < 3', true],
    ['(1 < 2) = true', true],
    ['0.1 + 0.2', 0.3],
    ['0.1 + 0.2 = 0.3', true],
    ['1.1 * 3', 3.3],
  ])('%s → %j', (source, expected) => {
    expect(value(source)).toEqual(expected);
  });

  it('keeps runs of one operator flat, so long sums stay within the depth limit', () => {
    const source = `${'1+'.repeat(999)}1`;
    expect(source.length).toBeLessThanOrEqual(2000);
    expect(value(source)).toBe(1000);
    const parsed = parseFormula('1 + 2 - 3 + 4');
    expect(parsed.ok && parsed.ast.kind === 'arith' && parsed.ast.rest.length).toBe(3);
  });

  it('refuses chained comparisons instead of guessing', () => {
    expect(error('1 < 2 < 3')).toEqual({
      code: 'formula.syntax',
      position: 6,
      params: { reason: 'chainedComparison' },
    });
  });

  it('short-circuits AND and OR', () => {
    expect(value('false AND 1/0')).toBe(false);
    expect(value('true || 1/0')).toBe(true);
  });
});

describe('field references', () => {
  const record = { 单价: 12.5, 数量: 4, '客户 名称': '张三', '金额(元)': 100, '😀': 1, 标签: ['紧急', '重要'] };

  it('reads fields by their Chinese names', () => {
    expect(value('{单价} * {数量}', record)).toBe(50);
    expect(value('{客户 名称} & "先生"', record)).toBe('张三先生');
    expect(value('{金额(元)} + {😀}', record)).toBe(101);
    expect(value('{ 单价 }', record)).toBe(12.5);
  });

  it('reports unknown fields where they are mentioned', () => {
    expect(error('{数量} + {折扣}', record)).toEqual({
      code: 'formula.unknownField',
      position: 7,
      params: { name: '折扣' },
    });
  });

  it('asks the lookup once per name', () => {
    const asked: string[] = [];
    const r = runFormula('{a} + {a} * {b}', {
      field: (name) => {
        asked.push(name);
        return 2;
      },
      now: () => NOW,
    });
    expect(r).toEqual({ ok: true, value: 6 });
    expect(asked).toEqual(['a', 'b']);
  });

  it('normalises what the lookup returns', () => {
    expect(value('{d}', { d: new Date('2024-01-02T03:04:05Z') })).toBe('2024-01-02T03:04:05.000Z');
    expect(value('{n}', { n: Number.NaN })).toBeNull();
    expect(value('{b}', { b: 10n })).toBe(10);
    expect(value('{l}', { l: [1, [2, [3]], '', null] })).toEqual([1, 2, 3, null, null]);
    expect(value('ISEMPTY({l})', { l: [] })).toBe(true);
    expect(value('ISEMPTY({t})', { t: '' })).toBe(true);
    expect(code('{o}', { o: { name: '张三' } })).toBe('formula.type');
    expect(code('{f}', { f: () => 1 })).toBe('formula.type');
    expect(code('{s}', { s: Symbol('x') })).toBe('formula.type');
  });

  it('finds references without evaluating', () => {
    expect(formulaReferences('{a} + {b} * {a} & {c d}')).toEqual(['a', 'b', 'c d']);
    expect(formulaReferences('IF({数量} > 1, {单价}')).toEqual(['数量', '单价']); // unfinished: still useful
    expect(formulaReferences('{a} + ` + {b}')).toEqual(['a']);
    expect(formulaReferences('{__proto__} + {constructor}')).toEqual(['__proto__', 'constructor']);
    expect(formulaReferences(`{a}${' '.repeat(3000)}`)).toEqual([]);
  });
});

describe('empty values and coercion', () => {
  const fields = { 空: null, 文本: '', 分数: 75, 数字文本: ' 12 ', 列表: [1, 2] };

  it.each<[string, FormulaValue]>([
    ['{空} + 1', 1],
    ['{空} * 5', 0],
    ['{空} & "x"', 'x'],
    ['{空} = 0', true],
    ['{空} = ""', true],
    ['{文本} = {空}', true],
    ['{空} < 60', true],
    ['ISEMPTY({空})', true],
    ['ISEMPTY(0)', false],
    ['ISEMPTY(false)', false],
    ['IF({空}, 1, 2)', 2],
    ['{数字文本} * 2', 24],
    ['"3" + "4"', 7],
    ['true + 1', 2],
    ['5 = "5"', true],
    ['5 = "五"', false],
    ['"a" = "A"', false],
    ['"b" > "a"', true],
    ['1 = true', false],
    ['{列表} = {列表}', true],
    ['1 & true & null', '1true'],
    ['{列表} & ""', '1, 2'],
    ["'2024-01-05' < '2024-01-05T10:00:00+08:00'", true],
    ["'2024-01-05' = '2024-01-05T00:00:00+08:00'", true],
    ["'2024-1-5' = '2024-01-05'", true],
    ["'2024-01-10' > '2024-01-09'", true],
  ])('%s → %j', (source, expected) => {
    expect(value(source, fields)).toEqual(expected);
  });

  it('refuses values of the wrong kind, pointing at them', () => {
    expect(error("'abc' * 2")).toEqual({ code: 'formula.type', position: 0, params: { expected: 'number' } });
    expect(error("1 + 'abc'").position).toBe(4);
    expect(code('{列表} + 1', fields)).toBe('formula.type');
    expect(code('{列表} = 1', fields)).toBe('formula.type');
    expect(code('5 < "五"')).toBe('formula.type');
    expect(code('IF("maybe", 1, 2)')).toBe('formula.type');
    expect(code('"0x10" + 1')).toBe('formula.type');
    expect(code('"Infinity" + 1')).toBe('formula.type');
  });

  it('gives an error value for division by zero, never Infinity', () => {
    expect(error('1 / 0')).toEqual({ code: 'formula.divideByZero', position: 2 });
    expect(error('{a} / {b}', { a: 1, b: null }).position).toBe(4);
    expect(code('5 % 0')).toBe('formula.divideByZero');
    expect(error('MOD(1, 0)')).toMatchObject({ code: 'formula.divideByZero', position: 7 });
    expect(value('IF({n} = 0, 0, 10 / {n})', { n: 0 })).toBe(0);
    expect(code('1e308 * 10')).toBe('formula.overflow');
  });
});

describe('math functions', () => {
  it.each<[string, FormulaValue]>([
    ['SUM(1, 2, 3)', 6],
    ['SUM({列表}, 4)', 10],
    ['SUM({空})', 0],
    ['SUM(0.1, 0.2)', 0.3],
    ['SUM("2", true)', 3],
    ['AVERAGE(1, 2, 3, 4)', 2.5],
    ['AVERAGE({稀疏})', 2],
    ['AVERAGE({空})', null],
    ['MIN({列表}, -1)', -1],
    ['MAX({列表}, -1)', 3],
    ['MAX({空})', null],
    ['COUNT(1, null, "", "a", {列表})', 5],
    ['COUNT({稀疏})', 2],
    ['ROUND(2.5)', 3],
    ['ROUND(-2.5)', -3],
    ['ROUND(1.005, 2)', 1.01],
    ['ROUND(2.675, 2)', 2.68],
    ['ROUND(1234.5678, -2)', 1200],
    ['ROUND(1.23456789, 20)', 1.23456789],
    ['ROUND(1e300, 2)', 1e300],
    ['ROUNDUP(1.21, 1)', 1.3],
    ['ROUNDUP(-1.21, 1)', -1.3],
    ['ROUNDUP(0.1 + 0.2, 1)', 0.3],
    ['ROUNDDOWN(1.29, 1)', 1.2],
    ['ROUNDDOWN(-1.29, 1)', -1.2],
    ['ROUNDDOWN(1299, -2)', 1200],
    ['ABS(-3.5)', 3.5],
    ['INT(1.9)', 1],
    ['INT(-1.5)', -2],
    ['MOD(10, 3)', 1],
    ['MOD(-3, 2)', 1],
    ['MOD(3, -2)', -1],
    ['MOD(5.5, 2)', 1.5],
    ['POWER(2, 10)', 1024],
    ['POWER(4, 0.5)', 2],
    ['POWER(2, -1)', 0.5],
    ['SQRT(16)', 4],
    ['SQRT(2.25)', 1.5],
    ['ROUND(SQRT(3), 4)', 1.7321],
  ])('%s → %j', (source, expected) => {
    expect(value(source, { 列表: [1, 2, 3], 稀疏: [1, null, 3], 空: null, 其他: 6 })).toEqual(expected);
  });

  it.each([
    ['SQRT(-1)', 'formula.invalidArgument'],
    ['POWER(-8, 1/3)', 'formula.invalidArgument'],
    ['POWER(0, -1)', 'formula.divideByZero'],
    ['POWER(10, 400)', 'formula.overflow'],
    ['SUM(1, "x")', 'formula.type'],
    ['ABS("abc")', 'formula.type'],
  ])('%s fails with %s', (source, expected) => {
    expect(code(source)).toBe(expected);
  });

  it('blames the argument at fault', () => {
    expect(error('SUM(1, 2, "x")').position).toBe(10);
  });
});

describe('logic functions', () => {
  it.each<[string, FormulaValue]>([
    ['IF(1 > 0, "是", "否")', '是'],
    ['IF(0, "是", "否")', '否'],
    ['IF(false, 1)', null],
    ['IF("TRUE", 1, 2)', 1],
    ['IF({标签}, 1, 2)', 1],
    ['IFS({分数} >= 90, "优", {分数} >= 60, "及格", true, "不及格")', '及格'],
    ['IFS(false, 1)', null],
    ['SWITCH({等级}, "A", 1, "B", 2, 0)', 2],
    ['SWITCH({等级}, "A", 1)', null],
    ['SWITCH("C", "A", 1, "B", 2, 0)', 0],
    ['AND(true, 1, "true")', true],
    ['AND(true, 0)', false],
    ['OR(false, 0, null)', false],
    ['OR(false, true, 1/0 = 1)', true],
    ['NOT(0)', true],
    ['ISEMPTY("")', true],
    ['IFERROR(1/0, "除零")', '除零'],
    ['IFERROR(10/2, "除零")', 5],
    ['IF(true, 1, 1/0)', 1],
  ])('%s → %j', (source, expected) => {
    expect(value(source, { 分数: 75, 等级: 'B', 标签: ['x'] })).toEqual(expected);
  });

  it('checks argument counts when parsing', () => {
    expect(error('IF(1)')).toEqual({
      code: 'formula.arity',
      position: 0,
      params: { name: 'IF', min: 2, max: 3, count: 1 },
    });
    expect(error('1 + IFS(true, 1, false)')).toMatchObject({ code: 'formula.arity', position: 4 });
    expect(code('NOT(1, 2)')).toBe('formula.arity');
    expect(code('TODAY(1)')).toBe('formula.arity');
    expect(error('SUM()').params).toEqual({ name: 'SUM', min: 1, count: 0 });
  });

  it('does not let IFERROR swallow a limit or a missing field', () => {
    expect(code('IFERROR(REPT("a", 20000), "x")')).toBe('formula.tooComplex');
    expect(code('IFERROR({已删除}, 0)')).toBe('formula.unknownField');
    expect(value('IFERROR({文本} * 2, 0)', { 文本: 'abc' })).toBe(0);
  });
});

describe('text functions', () => {
  it.each<[string, FormulaValue]>([
    ['CONCATENATE("a", 1, true, null, 2.50)', 'a1true2.5'],
    ['CONCATENATE({标签})', '紧急, 重要'],
    ['LEN("中文😀")', 3],
    ['LEN(12.50)', 4],
    ['LEN({空})', 0],
    ['LEFT("你好世界", 2)', '你好'],
    ['LEFT("abc")', 'a'],
    ['LEFT("😀😁", 1)', '😀'],
    ['LEFT("abc", 10)', 'abc'],
    ['RIGHT("你好世界", 2)', '世界'],
    ['RIGHT("ab😀")', '😀'],
    ['RIGHT("abc", 0)', ''],
    ['MID("你好世界", 2, 2)', '好世'],
    ['MID("abc", 5, 2)', ''],
    ['UPPER("abc中")', 'ABC中'],
    ['LOWER("ÀBC")', 'àbc'],
    ['TRIM("\u3000 a b \u3000")', 'a b'],
    ['REPLACE("abcdef", 2, 3, "X")', 'aXef'],
    ['REPLACE("你好", 3, 0, "!")', '你好!'],
    ['SUBSTITUTE("a-b-c", "-", "+")', 'a+b+c'],
    ['SUBSTITUTE("a-b-c", "-", "+", 2)', 'a-b+c'],
    ['SUBSTITUTE("a-b-c", "-", "+", 5)', 'a-b-c'],
    ['SUBSTITUTE("a.b.c", ".", "")', 'abc'],
    ['SUBSTITUTE("a*b", "*", "$&")', 'a$&b'],
    ['SUBSTITUTE("abc", "", "x")', 'abc'],
    ['REPT("ab", 3)', 'ababab'],
    ['REPT("ab", 0)', ''],
    ['TEXT(1234567.891, "#,##0.00")', '1,234,567.89'],
    ['TEXT(0.256, "0.0%")', '25.6%'],
    ['TEXT(-1234.5, "¥#,##0.00")', '-¥1,234.50'],
    ['TEXT(5, "第0名")', '第5名'],
    ['TEXT(3.1, "0.0#")', '3.1'],
    ['TEXT(7, "000")', '007'],
    ['TEXT(2.5, "0")', '3'],
    ['TEXT("12.345", "0.00")', '12.35'],
    ['TEXT(12.5)', '12.5'],
    ['TEXT(null, "0.00")', ''],
    ['TEXT("2024-03-01", "YYYY年M月D日 dddd")', '2024年3月1日 星期五'],
    ['TEXT("2024-03-01", "yy/MM/dd ddd")', '24/03/01 周五'],
    ['TEXT("2024-02-29T20:30:05Z", "YYYY-MM-DD HH:mm:ss")', '2024-03-01 04:30:05'],
    ['FIND("世", "你好世界")', 3],
    ['FIND("😀", "a😀b😀", 3)', 4],
    ['FIND("x", "abc")', 0],
    ['FIND("A", "abc")', 0],
    ['FIND("", "abc")', 1],
    ['CONTAINS("你好世界", "世界")', true],
    ['CONTAINS({标签}, "紧急")', true],
    ['CONTAINS({标签}, "紧")', false],
    ['CONTAINS("abc", "")', true],
    ['VALUE("1,234.5")', 1234.5],
    ['VALUE(" 50% ")', 0.5],
    ['VALUE("１２３．５")', 123.5],
    ['VALUE("-1e3")', -1000],
    ['VALUE("")', null],
    ['VALUE(7)', 7],
  ])('%s → %j', (source, expected) => {
    expect(value(source, { 标签: ['紧急', '重要'], 空: null })).toEqual(expected);
  });

  it.each([
    ['LEFT("abc", -1)', 'formula.invalidArgument', 12],
    ['MID("abc", 0, 1)', 'formula.invalidArgument', 11],
    ['LEFT("abc", "x")', 'formula.type', 12],
    ['VALUE("12元")', 'formula.type', 6],
    ['VALUE("1,2")', 'formula.type', 6],
    ['TEXT("abc", "0.00")', 'formula.type', 5],
    ['TEXT(1, "YYYY")', 'formula.invalidArgument', 8],
    ['SUBSTITUTE("abc", "b", "x", 0)', 'formula.invalidArgument', 28],
  ])('%s fails with %s at %i', (source, expected, position) => {
    expect(error(source)).toMatchObject({ code: expected, position });
  });
});

describe('date functions with a fixed clock', () => {
  it.each<[string, FormulaValue]>([
    ['TODAY()', '2024-03-01'],
    ['NOW()', '2024-02-29T20:30:00.000Z'],
    ['NOW() = NOW()', true],
    ['DATE(2024, 2, 29)', '2024-02-29'],
    ['DATE(2024, 13, 1)', '2025-01-01'],
    ['DATE(2023, 2, 29)', '2023-03-01'],
    ['DATE(2024, 3, 0)', '2024-02-29'],
    ['DATE(50, 1, 1)', '0050-01-01'],
    ['YEAR("2024-12-31")', 2024],
    ['YEAR("2024-12-31T20:00:00Z")', 2025],
    ['MONTH("2024/3/5")', 3],
    ['DAY(NOW())', 1],
    ['HOUR(NOW())', 4],
    ['MINUTE(NOW())', 30],
    ['HOUR("2024-03-01 08:00")', 8],
    ['HOUR("2024-03-01T08:00:00+09:00")', 7],
    ['HOUR("2024-03-01")', 0],
    ['YEAR({空})', null],
    ['WEEKDAY("2024-03-03")', 7],
    ['WEEKDAY("2024-03-04")', 1],
    ['WEEKDAY("2024-03-03", 1)', 1],
    ['WEEKDAY("2024-03-03", 3)', 6],
    ['DATEDIF("2020-02-29", TODAY(), "Y")', 4],
    ['DATEDIF("2024-01-31", "2024-02-29", "M")', 0],
    ['DATEDIF("2024-01-15", "2024-03-15", "m")', 2],
    ['DATEDIF("2024-01-01", "2024-03-01", "D")', 60],
    ['DATEDIF("2024-01-01", "2024-03-01", "天")', 60],
    ['DATEDIF("2024-02-29T23:00:00+08:00", "2024-03-01T01:00:00+08:00", "D")', 1],
    ['DATEDIF({空}, TODAY(), "D")', null],
    ['DATEADD("2024-01-31", 1, "M")', '2024-02-29'],
    ['DATEADD("2024-02-29", 1, "Y")', '2025-02-28'],
    ['DATEADD("2024-02-29", -1, "年")', '2023-02-28'],
    ['DATEADD("2024-01-01", 1, "Q")', '2024-04-01'],
    ['DATEADD("2024-02-28", 2, "D")', '2024-03-01'],
    ['DATEADD("2024-02-28", 1, "周")', '2024-03-06'],
    ['DATEADD("2024-01-01", 2, "H")', '2023-12-31T18:00:00.000Z'],
    ['DATEADD(NOW(), 90, "分钟")', '2024-02-29T22:00:00.000Z'],
    ['DATEADD(NOW(), 1, "M")', '2024-03-31T20:30:00.000Z'], // 03-01 04:30 local + 1 month
    ['DATEADD("2024-01-01", 1.9, "D")', '2024-01-02'],
    ['DAYS("2024-03-01", "2024-02-01")', 29],
    ['DAYS("2024-02-01", "2024-03-01")', -29],
    ['DAYS(TODAY(), "2024-02-29")', 1],
    ['{截止} < TODAY()', true],
    ['TODAY() & ""', '2024-03-01'],
  ])('%s → %j', (source, expected) => {
    expect(value(source, { 空: null, 截止: '2024-02-29' })).toEqual(expected);
  });

  it('uses the configured time zone (UTC+8 by default)', () => {
    expect(value('TODAY()', {}, { timezoneOffsetMinutes: 0 })).toBe('2024-02-29');
    expect(value('HOUR(NOW())', {}, { timezoneOffsetMinutes: -300 })).toBe(15);
    expect(value('HOUR("2024-03-01 08:00")', {}, { timezoneOffsetMinutes: 0 })).toBe(8);
    expect(code('TODAY()', {}, { timezoneOffsetMinutes: 100_000 })).toBe('formula.invalidArgument');
  });

  it('reads the clock once per evaluation', () => {
    let reads = 0;
    const r = runFormula('NOW() & TODAY() & NOW()', {
      field: () => undefined,
      now: () => {
        reads++;
        return NOW;
      },
    });
    expect(r.ok).toBe(true);
    expect(reads).toBe(1);
    expect(code('NOW()', {}, { now: () => new Date(Number.NaN) })).toBe('formula.invalidArgument');
  });

  it.each([
    ['DATE(0, 1, 1)', 'formula.invalidArgument'],
    ['DATE(10000, 1, 1)', 'formula.invalidArgument'],
    ['DATE(1e20, 1, 1)', 'formula.invalidArgument'],
    ['DATEADD("9999-12-31", 1, "D")', 'formula.invalidArgument'],
    ['DATEADD("2024-01-01", 1e15, "M")', 'formula.invalidArgument'],
    ['DATEADD("2024-01-01", 1, "fortnight")', 'formula.invalidArgument'],
    ['DATEADD("2024-01-01", 1, "constructor")', 'formula.invalidArgument'],
    ['DATEDIF("2024-03-01", "2024-01-01", "D")', 'formula.invalidArgument'],
    ['DATEDIF("2024-01-01", "2024-03-01", "H")', 'formula.invalidArgument'],
    ['YEAR("2024-02-30")', 'formula.type'],
    ['YEAR("下周一")', 'formula.type'],
    ['YEAR(2024)', 'formula.type'],
    ['WEEKDAY("2024-03-03", 9)', 'formula.invalidArgument'],
  ])('%s fails with %s', (source, expected) => {
    expect(code(source)).toBe(expected);
  });
});

describe('syntax errors with positions', () => {
  it.each<[string, number, string]>([
    ['', 0, 'empty'],
    ['   ', 3, 'empty'],
    ['1 +', 3, 'unexpectedEnd'],
    ['1 2', 2, 'unexpectedToken'],
    ['(1 + 2', 6, 'expectedCloseParen'],
    ['(1 + 2))', 7, 'unexpectedToken'],
    [')', 0, 'unexpectedToken'],
    ['SUM(1,,2)', 6, 'emptyArgument'],
    ['SUM(1,)', 6, 'emptyArgument'],
    ['SUM(1, 2', 8, 'expectedCloseParen'],
    ["'abc", 0, 'unterminatedString'],
    ['1 + "abc\\"', 4, 'unterminatedString'],
    ['1 + "ab\\q"', 7, 'badEscape'],
    ['"\\u12"', 1, 'badEscape'],
    ['{abc', 0, 'unterminatedField'],
    ['1 + {  }', 4, 'emptyField'],
    ['单价 * 2', 0, 'unexpectedChar'],
    ['amount * 2', 0, 'bareName'],
    ['1 AND', 5, 'unexpectedEnd'],
    ['AND', 0, 'bareName'],
    ['1e999', 0, 'badNumber'],
    ['1 | 2', 2, 'unexpectedChar'],
  ])('%j fails at %i (%s)', (source, position, reason) => {
    expect(error(source)).toMatchObject({ code: 'formula.syntax', position, params: { reason } });
  });

  it('names unknown functions, case-insensitively', () => {
    expect(error('SUM(1) + FOO(2)')).toEqual({ code: 'formula.unknownFunction', position: 9, params: { name: 'FOO' } });
    expect(value('iF(TrUe, "y", "n")')).toBe('y');
    expect(error('TRUE()')).toMatchObject({ code: 'formula.unknownFunction', params: { name: 'TRUE' } });
  });
});

describe('limits', () => {
  it('caps the source length', () => {
    expect(error(`1${'+1'.repeat(1000)}`)).toEqual({
      code: 'formula.tooComplex',
      position: 2000,
      params: { limit: 'source', max: 2000 },
    });
  });

  it('caps nesting depth', () => {
    expect(value(`${'('.repeat(60)}1${')'.repeat(60)}`)).toBe(1);
    expect(value(`${'-'.repeat(63)}1`)).toBe(-1); // a tree exactly 64 deep
    expect(error(`${'-'.repeat(64)}1`)).toMatchObject({ code: 'formula.tooComplex', params: { limit: 'depth' } });
    // Few parentheses, many operator levels in each: the tree's depth is what counts.
    const levels = (n: number) => `${'(1 * '.repeat(n)}1${') + 1 & "" = "" AND true OR false'.repeat(n)}`;
    expect(value(levels(8))).toBe(false);
    expect(error(levels(20))).toMatchObject({ code: 'formula.tooComplex', params: { limit: 'depth' } });
    expect(error(`${'('.repeat(100)}1${')'.repeat(100)}`).params).toEqual({ limit: 'depth', max: 64 });
    expect(code(`${'ABS('.repeat(100)}1${')'.repeat(100)}`)).toBe('formula.tooComplex');
    expect(code(`${'-'.repeat(1500)}1`)).toBe('formula.tooComplex');
    expect(code(`${'!'.repeat(1500)}1`)).toBe('formula.tooComplex');
    expect(code(`${'NOT '.repeat(400)}1`)).toBe('formula.tooComplex');
  });

  it('caps the number of nodes', () => {
    expect(error('1 + 2 + 3 + 4', {}, { limits: { maxNodes: 3 } }).params).toEqual({ limit: 'nodes', max: 3 });
  });

  it('caps text results before building them', () => {
    const long = 'x'.repeat(6000);
    expect(error('{长} & {长}', { 长: long }).params).toEqual({ limit: 'text', max: 10_000 });
    expect(value('LEN({长})', { 长: 'x'.repeat(50_000) })).toBe(50_000); // inputs may be longer
    expect(value('LEFT({长}, 3)', { 长: 'x'.repeat(50_000) })).toBe('xxx');
    expect(code('IF(true, {长}, "")', { 长: 'x'.repeat(50_000) })).toBe('formula.tooComplex');
    expect(code('REPT("ab", 1e9)')).toBe('formula.tooComplex');
    expect(code('REPT(REPT("ab", 5000), 5000)')).toBe('formula.tooComplex');
    expect(code('SUBSTITUTE(REPT("a", 10000), "a", "aa")')).toBe('formula.tooComplex');
    expect(code('CONCATENATE(REPT("a", 5000), REPT("b", 5000), "c")')).toBe('formula.tooComplex');
    expect(code('REPLACE(REPT("a", 10000), 1, 0, "b")')).toBe('formula.tooComplex');
    expect(value('LEN(REPT("中", 10000))')).toBe(10_000);
  });

  it('caps evaluation steps', () => {
    const many = Array.from({ length: 200_000 }, () => 1);
    expect(error('SUM({明细})', { 明细: many })).toMatchObject({ code: 'formula.tooComplex', position: 4 });
    // A list costs a step per item when read and again each time a function walks it.
    expect(value('SUM({明细})', { 明细: many.slice(0, 40_000) })).toBe(40_000);
    expect(code('SUM({明细}, {明细}, {明细})', { 明细: many.slice(0, 40_000) })).toBe('formula.tooComplex');
    expect(error('1 + 1 + 1', {}, { limits: { maxSteps: 3 } }).params).toEqual({ limit: 'steps', max: 3 });
  });

  it('stops on a list that contains itself', () => {
    const loop: unknown[] = [1];
    loop.push(loop);
    expect(code('COUNT({圈})', { 圈: loop })).toBe('formula.tooComplex');
  });
});

describe('malicious input', () => {
  const malicious = [
    '__proto__()',
    'constructor()',
    'toString()',
    'valueOf()',
    'hasOwnProperty("x")',
    '__defineGetter__("x", 1)',
    'constructor',
    '__proto__',
    'process.exit()',
    'process.exit(1)',
    'require("fs")',
    'eval("1")',
    'Function("return 1")()',
    'this',
    'globalThis',
    'window.alert(1)',
    '`\u0024{1}`', // a template literal
    '`x`',
    '[1, 2]',
    'x => 1',
    '() => 1',
    '1; 2',
    '/* c */ 1',
    '1 // c',
    'SUM.constructor',
    'SUM["constructor"]',
    '{a}.length',
    'new Date()',
    'import("x")',
    '"\\u0000" & "\\x41"',
    'SU\u200bM(1)',
    '\u202eSUM(1)',
    '\u0405UM(1)',
    '\uff11 + 1',
    '\ufeff1',
    '"\\ud800"',
    '"\ud800"',
    '{\udc00}',
    `${'('.repeat(10_000)}1${')'.repeat(10_000)}`,
    `"${'a'.repeat(1_000_000)}"`,
    '{'.repeat(5000),
    '"'.repeat(1999),
    `${'SUM('.repeat(499)}`,
    `${'1,'.repeat(999)}`,
    `SUM(${'1,'.repeat(990)}1`,
    '1 + + + + 2 * * 3',
    '(((((((((((((((',
    ')))))))))))))))',
  ];

  it.each(
    malicious.map((source) => [source.length > 40 ? `${source.slice(0, 40)}… (${source.length})` : source, source]),
  )('%s gives a clean error', (_, source) => {
    const before = Object.getOwnPropertyNames(globalThis).sort();
    const protoBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const asked: string[] = [];
    const r = runFormula(source, {
      field: (name) => {
        asked.push(name);
        return undefined;
      },
      now: () => NOW,
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toMatch(/^formula\.(syntax|unknownFunction|unknownField|arity|tooComplex)$/);
      expect(Number.isInteger(r.error.position)).toBe(true);
      expect(JSON.parse(JSON.stringify(r.error))).toEqual(r.error);
    }
    expect(Object.getOwnPropertyNames(globalThis).sort()).toEqual(before);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoBefore);
    expect(asked.every((name) => source.includes(name))).toBe(true);
  });

  it('treats prototype names as unknown functions', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf']) {
      expect(error(`${name}()`)).toEqual({ code: 'formula.unknownFunction', position: 0, params: { name } });
    }
  });

  it('passes prototype-looking field names to the lookup as plain names', () => {
    expect(error('{__proto__}')).toMatchObject({ code: 'formula.unknownField', params: { name: '__proto__' } });
    expect(value('{__proto__} & {constructor}', { ['__proto__']: 'a', constructor: 'b' })).toBe('ab');
    // A careless caller that indexes a plain object still gets a clean error, and nothing is polluted.
    const record: Record<string, unknown> = { 单价: 1 };
    const careless = { field: (name: string) => record[name], now: () => NOW };
    expect(runFormula('{__proto__}', careless)).toMatchObject({ ok: false, error: { code: 'formula.type' } });
    expect(runFormula('{constructor}', careless)).toMatchObject({ ok: false, error: { code: 'formula.type' } });
    expect(runFormula('{toString} & ""', careless)).toMatchObject({ ok: false, error: { code: 'formula.type' } });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('keeps unicode intact and safe', () => {
    expect(value('"\u202e反转" & {名}', { 名: '😀' })).toBe('\u202e反转😀');
    expect(value('LEN("e\u0301")')).toBe(2); // code points: no locale-dependent grapheme data
    expect(value('{ 名\u00a0}', { 名: 1 })).toBe(1);
    expect(error('"\\ud83d"')).toMatchObject({ code: 'formula.syntax', params: { reason: 'badUnicode' } });
    expect(error('SU\u200bM(1)')).toMatchObject({
      code: 'formula.syntax',
      position: 2,
      params: { reason: 'unexpectedChar', code: 'U+200B' },
    });
  });

  it('survives hand-made trees', () => {
    const run = (ast: unknown) => evaluateFormula(ast as FormulaNode, env());
    expect(run({ kind: 'call', name: '__proto__', args: [], pos: 0 })).toMatchObject({
      ok: false,
      error: { code: 'formula.unknownFunction' },
    });
    expect(run({ kind: 'call', name: 'SUM', args: [], pos: 0 })).toMatchObject({ error: { code: 'formula.arity' } });
    expect(run({ kind: 'eval', pos: 0 })).toMatchObject({ ok: false, error: { code: 'formula.syntax' } });
    let deep: FormulaNode = { kind: 'literal', value: 1, pos: 0 };
    for (let i = 0; i < 100_000; i++) deep = { kind: 'unary', op: '-', operand: deep, pos: 0 };
    expect(run(deep)).toMatchObject({ ok: false, error: { code: 'formula.tooComplex' } });
  });

  it('finishes quickly on the worst inputs', () => {
    const start = performance.now();
    runFormula(`"${'a'.repeat(10_000_000)}"`, env());
    runFormula(`SUBSTITUTE(REPT("ab", 5000), "a", REPT("c", 1999))`, env());
    runFormula(`${'SUM('.repeat(63)}1${')'.repeat(63)}`, env());
    runFormula('FIND(REPT("a", 1000) & "b", REPT("a", 10000))', env());
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
