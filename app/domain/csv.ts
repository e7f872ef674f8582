/**
 * Spreadsheet files (CSV, RFC 4180) as plain functions: cells written so that no spreadsheet runs them
 * as formulas (reading them back: csv-reader.server.ts). Shared by the sales export and the catalog's
 * import and export.
 */

export type CsvSeparator = "," | ";";

/**
 * What the platform's files are written with (sales, customers, catalog): ';', which spreadsheets set to Spanish
 * split on, with the BOM that makes Excel read UTF-8.
 */
export const SPREADSHEET_SEPARATOR: CsvSeparator = ";";

/** Excel reads a file as UTF-8 only when it starts with this byte order mark. */
export const CSV_BOM = "\uFEFF";

/**
 * A cell a spreadsheet would run as a formula ('=HYPERLINK(…)', '+57…', '-5', '@x', a tab or CR first).
 * Apostrophes before such a start are text already escaped once, so they are escaped again: reading
 * removes exactly one.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * A cell a spreadsheet must keep as text though it reads as a number or starts with '+' (a phone number): written as
 * the formula ="…", which Excel and Google Sheets show as the text alone, without the apostrophe a plain cell
 * would need. Only digits, spaces and '+ - ( )' are kept, so nothing else can reach the formula.
 */
export interface TextCell {
  text: string;
}
export const textCell = (value: string): TextCell => ({ text: value.replace(/[^\d +()-]/g, "") });

/**
 * One CSV cell: a possible formula gets a leading apostrophe so it stays text, and a cell with quotes,
 * line breaks, ',' or ';' is quoted (spreadsheets set to Spanish split CSV files on ';').
 */
export function csvCell(value: string | TextCell): string {
  if (typeof value !== "string") return value.text ? `"=""${value.text}"""` : "";
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A cell's text as it was before `csvCell` neutralised a formula: the one apostrophe it added is removed. */
export function cellText(written: string): string {
  return /^'+[=+\-@\t\r]/.test(written) ? written.slice(1) : written;
}

/** One line of a CSV file, CRLF included. */
export function csvLine(cells: ReadonlyArray<string | TextCell>, separator: CsvSeparator): string {
  return `${cells.map(csvCell).join(separator)}\r\n`;
}

/** A whole CSV file: UTF-8 BOM, CRLF line ends. */
export function csvDocument(rows: ReadonlyArray<ReadonlyArray<string | TextCell>>, separator: CsvSeparator): string {
  return CSV_BOM + rows.map((row) => csvLine(row, separator)).join("");
}

/** Whether an uploaded file is UTF-8 (a spreadsheet saved as 'CSV' in an old code page is not). */
export function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Countries whose spreadsheets read ',' as the decimal mark (the others, '.'). */
const COMMA_DECIMAL = new Set(["AR", "BO", "BR", "CL", "CO", "CR", "EC", "PY", "UY", "VE", "ES"]);

/** A plain decimal amount ('1234.50') as a spreadsheet of `country` reads it: '1234,50' where ',' is the decimal mark. */
export const spreadsheetDecimal = (amount: string, country: string): string =>
  COMMA_DECIMAL.has(country) ? amount.replace(".", ",") : amount;
