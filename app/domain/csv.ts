/**
 * Spreadsheet files (CSV, RFC 4180) as plain functions: cells written so that no spreadsheet runs them
 * as formulas, and files read back with either separator. Shared by the sales export and the catalog's
 * import and export.
 */

export type CsvSeparator = "," | ";";

/** Excel reads a file as UTF-8 only when it starts with this byte order mark. */
export const CSV_BOM = "\uFEFF";

/**
 * A cell a spreadsheet would run as a formula ('=HYPERLINK(…)', '+57…', '-5', '@x', a tab or CR first).
 * Apostrophes before such a start are text already escaped once, so they are escaped again: reading
 * removes exactly one.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * One CSV cell: a possible formula gets a leading apostrophe so it stays text, and a cell with quotes,
 * line breaks, ',' or ';' is quoted (spreadsheets set to Spanish split CSV files on ';').
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A cell's text as it was before `csvCell` neutralised a formula: the one apostrophe it added is removed. */
export function cellText(written: string): string {
  return /^'+[=+\-@\t\r]/.test(written) ? written.slice(1) : written;
}

/** One line of a CSV file, CRLF included. */
export function csvLine(cells: readonly string[], separator: CsvSeparator): string {
  return `${cells.map(csvCell).join(separator)}\r\n`;
}

/** A whole CSV file: UTF-8 BOM, CRLF line ends. */
export function csvDocument(rows: ReadonlyArray<readonly string[]>, separator: CsvSeparator): string {
  return CSV_BOM + rows.map((row) => csvLine(row, separator)).join("");
}

/** The text of an uploaded file, or null when it is not UTF-8 (a spreadsheet saved as 'CSV' in an old code page). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The separator of a file: the one of ';' and ',' its first line (outside quotes) has more of; ',' on a tie. */
function detectSeparator(text: string): CsvSeparator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === "\n" || char === "\r")) break;
    else if (!quoted && char === ";") semicolons++;
    else if (!quoted && char === ",") commas++;
  }
  return semicolons > commas ? ";" : ",";
}

export type CsvReading =
  | { ok: true; separator: CsvSeparator; records: string[][] }
  /** `record` is the 1-based record (spreadsheet row) where reading stopped. */
  | { ok: false; problem: "unclosedQuote" | "tooManyRecords"; record: number };

/**
 * Reads a CSV file into records of cells: a leading BOM is skipped, the separator is detected from the
 * first line, quoted cells may hold separators, doubled quotes and line breaks, and lines end in CRLF,
 * LF or CR. Reading stops with `tooManyRecords` as soon as a record past `maxRecords` starts, so a huge
 * file never becomes a huge array. A quote inside an unquoted cell, or after a closing quote, is kept as text.
 */
export function readCsv(input: string, maxRecords: number): CsvReading {
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const separator = detectSeparator(text);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let i = 0;
  const endCell = () => {
    record.push(cell);
    cell = "";
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  while (i < text.length) {
    if (records.length >= maxRecords) return { ok: false, problem: "tooManyRecords", record: records.length + 1 };
    const char = text[i] as string;
    if (char === '"' && cell === "" && !startedCell(text, i, separator)) {
      // A quoted cell: up to the quote not followed by another one.
      const start = records.length + 1;
      i++;
      for (;;) {
        const close = text.indexOf('"', i);
        if (close === -1) return { ok: false, problem: "unclosedQuote", record: start };
        cell += text.slice(i, close);
        if (text[close + 1] === '"') {
          cell += '"';
          i = close + 2;
        } else {
          i = close + 1;
          break;
        }
      }
      continue;
    }
    if (char === separator) endCell();
    else if (char === "\r" || char === "\n") {
      endRecord();
      if (char === "\r" && text[i + 1] === "\n") i++;
    } else cell += char;
    i++;
  }
  // The last line may end without a line break; a final line break starts no record.
  if (cell !== "" || record.length > 0) endRecord();
  return { ok: true, separator, records };
}

/** Whether the cell at `i` already has text before it (then a quote there is plain text, not an opening quote). */
function startedCell(text: string, i: number, separator: CsvSeparator): boolean {
  if (i === 0) return false;
  const before = text[i - 1];
  return before !== separator && before !== "\n" && before !== "\r";
}
