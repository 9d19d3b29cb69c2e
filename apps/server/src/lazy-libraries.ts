/**
 * Heavy libraries loaded when first used, not when the server starts: exceljs alone took about 2 s
 * of a start's 4 s of CPU (unzipper, fast-csv and its other dependencies with it), and most processes
 * never write a spreadsheet, a PDF or a MySQL query. Each is loaded once per process.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load();
    return loading;
  };
}

export const loadExcel = once(async () => (await import('exceljs')).default);
export const loadPdfKit = once(async () => (await import('pdfkit')).default);
export const loadMysql = once(async () => (await import('mysql2')).default);
