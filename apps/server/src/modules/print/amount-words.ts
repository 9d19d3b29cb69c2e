import Nzh from 'nzh';

/**
 * An amount in Chinese capitals as cheques, invoices and contracts write it (人民币大写):
 * 壹仟贰佰叁拾肆元伍角陆分, 壹亿零壹元整, 伍分; a negative amount starts with 负. Rounded to the fen
 * first: a figure's floating-point tail (0.1 + 0.2) never shows as 厘. Written by `nzh`.
 */
export function amountInWords(value: number): string {
  if (!Number.isFinite(value)) return '';
  const fen = Math.round(Math.abs(value) * 100);
  // Whole yuan without decimals: nzh ends those with 整 (壹元整), but "1.00" as 壹元.
  const cents = fen % 100;
  const yuan = `${Math.floor(fen / 100)}${cents ? `.${String(cents).padStart(2, '0')}` : ''}`;
  const words = Nzh.cn.toMoney(yuan, { outSymbol: false });
  return value < 0 && fen > 0 ? `负${words}` : words;
}
