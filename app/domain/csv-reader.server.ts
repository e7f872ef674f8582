/**
 * Reading uploaded CSV files with csv-parse (docs/decisions/0030-bounded-csv-reading.md), bounded before and
 * while it reads: the file arrives already capped in bytes, the header may name at most `maxColumns`
 * columns, a cell may hold at most `maxCellChars` characters, a record at most `maxColumns` cells, and
 * reading stops as soon as a record past `maxRecords` starts. The bytes are fed in small chunks with a
 * pause between two, so a large file never holds the runtime away from other requests for long.
 * Server-only: csv-parse reads through the runtime's web streams and Buffer (Node, and workerd with nodejs_compat).
 */
import { CsvError, parse } from "csv-parse/stream";
import { CSV_BOM, type CsvSeparator } from "./csv";

export interface CsvBounds {
  maxRecords: number;
  maxColumns: number;
  maxCellChars: number;
}

type CsvProblem = "unclosedQuote" | "malformed" | "tooManyRecords" | "tooManyColumns" | "cellTooLong";

export type CsvReading =
  | { ok: true; separator: CsvSeparator; records: string[][] }
  /** `record` is the 1-based record (spreadsheet row) where reading stopped. */
  | { ok: false; problem: CsvProblem; record: number };

const CSV_ERRORS: Partial<Record<string, CsvProblem>> = {
  CSV_QUOTE_NOT_CLOSED: "unclosedQuote",
  CSV_MAX_RECORD_SIZE: "cellTooLong",
};

/**
 * Bytes handed to the parser at a time; between two chunks the runtime answers other requests. Small,
 * because csv-parse builds (and drops) an error object for every row whose cell count differs from the
 * header's: a chunk of short odd rows ('x' lines) costs about 25 µs a row on a quiet machine and two or three
 * times that on a busy one, so 1 KB held the runtime 30 to 60 ms; 256 bytes hold it about 15.
 */
const CHUNK_BYTES = 256;

/**
 * Lets the runtime answer whatever else is waiting (other requests) before going on: a macrotask, not a
 * microtask. setImmediate where the runtime has it (Node, workerd with nodejs_compat): it waits for no timer.
 */
export const yieldToOtherRequests = () =>
  new Promise<void>((resume) => (typeof setImmediate === "function" ? setImmediate(resume) : setTimeout(resume, 0)));

const SEMICOLON = 0x3b;
const COMMA = 0x2c;
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The separator of a file: the one of ';' and ',' its first line has more of outside quotes (',' on a tie).
 * Looks no further than the first line, nor past `enough` of either: a wall of separators is decided at once.
 */
function detectSeparator(bytes: Uint8Array, enough: number): CsvSeparator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const byte of bytes) {
    if (byte === QUOTE) quoted = !quoted;
    else if (quoted) continue;
    else if (byte === LF || byte === CR) break;
    else if (byte === SEMICOLON) semicolons++;
    else if (byte === COMMA) commas++;
    if (semicolons > enough || commas > enough) break;
  }
  return semicolons > commas ? ";" : ",";
}

/**
 * Counts the cells of each line as the bytes go by (outside quotes), so a line of too many cells is refused
 * before the parser builds it: a row of two megabytes of separators never becomes an array of two million
 * cells. Lines are numbered as a spreadsheet numbers rows (blank ones included, a quoted line break inside a cell).
 */
function columnGuard(separator: CsvSeparator, maxColumns: number) {
  const sep = separator === ";" ? SEMICOLON : COMMA;
  let quoted = false;
  let cells = 1;
  let row = 1;
  let afterCr = false;
  return (chunk: Uint8Array): number | null => {
    for (const byte of chunk) {
      const crlf = afterCr && byte === LF;
      afterCr = false;
      if (byte === QUOTE) quoted = !quoted;
      else if (quoted) continue;
      else if (byte === sep) {
        if (++cells > maxColumns) return row;
      } else if (byte === LF || byte === CR) {
        if (!crlf) row++;
        cells = 1;
        afterCr = byte === CR;
      }
    }
    return null;
  };
}

const BOM_BYTES = new TextEncoder().encode(CSV_BOM);
const startsWithBom = (bytes: Uint8Array) => BOM_BYTES.every((b, i) => bytes[i] === b);

/**
 * Reads a CSV file (UTF-8 bytes) into records of cells: a leading BOM is skipped, the separator is
 * taken from the first line, quoted cells may hold separators, doubled quotes and line breaks, lines
 * end in CRLF, LF or CR, and a quote inside an unquoted cell is kept as text.
 */
export async function readCsv(input: Uint8Array, bounds: CsvBounds): Promise<CsvReading> {
  const bytes = startsWithBom(input) ? input.subarray(BOM_BYTES.length) : input;
  const separator = detectSeparator(bytes, bounds.maxColumns);
  const { readable, writable } = parse({
    delimiter: separator,
    record_delimiter: ["\r\n", "\n", "\r"],
    relax_quotes: true,
    relax_column_count: true,
    max_record_size: bounds.maxCellChars,
    // Blank lines are skipped by the parser (counted, not parsed: a file of line breaks costs nothing)
    // and put back below as blank records, so records keep their spreadsheet row numbers.
    skip_empty_lines: true,
    info: true,
  });
  const records: string[][] = [];
  let blankLines = 0;
  let stopped: CsvReading | null = null;
  const stop = (problem: CsvProblem, record: number) => {
    stopped ??= { ok: false, problem, record };
  };

  const writer = writable.getWriter();
  const reader = readable.getReader();
  const tooManyCells = columnGuard(separator, bounds.maxColumns);
  // Settles with the parser's error, if any, rather than rejecting: the reader below reports it.
  const feeding = (async () => {
    for (let at = 0; at < bytes.byteLength && !stopped; at += CHUNK_BYTES) {
      const chunk = bytes.subarray(at, at + CHUNK_BYTES);
      const row = tooManyCells(chunk);
      if (row !== null) {
        stop("tooManyColumns", row);
        await reader.cancel();
        return;
      }
      await writer.write(chunk);
      await yieldToOtherRequests();
    }
    if (!stopped) await writer.close();
  })().catch((error: unknown) => error);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const { record, info } = value as { record: string[]; info: { empty_lines: number } };
      for (; blankLines < info.empty_lines && records.length < bounds.maxRecords; blankLines++) records.push([""]);
      if (records.length >= bounds.maxRecords) stop("tooManyRecords", records.length + 1);
      if (stopped) break;
      records.push(record);
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    stop(CSV_ERRORS[error.code] ?? "malformed", records.length + 1);
  }
  if (stopped) {
    await Promise.allSettled([reader.cancel(), writer.abort()]);
    await feeding;
    return stopped;
  }
  const failed = await feeding;
  if (failed) throw failed;
  return { ok: true, separator, records };
}
