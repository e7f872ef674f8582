/**
 * An import file read whole: its cells by the bounded CSV reader, then its rows checked
 * (app/domain/product-csv.ts), the runtime answering other requests between every few hundred rows.
 */
import { readCsv, yieldToOtherRequests } from "./csv-reader.server";
import type { Translate } from "./messages";
import {
  CATALOG_COLUMNS,
  CATALOG_MAX_CELL_CHARS,
  CATALOG_MAX_COLUMNS,
  CATALOG_MAX_ROWS,
  type CatalogFileReading,
  readCatalogRecords,
  unreadableCatalogFile,
} from "./product-csv";

const CATALOG_CSV_BOUNDS = {
  // The header and the rows; blank rows count too.
  maxRecords: CATALOG_MAX_ROWS + 1,
  maxColumns: Math.max(CATALOG_MAX_COLUMNS, CATALOG_COLUMNS.length),
  maxCellChars: CATALOG_MAX_CELL_CHARS,
};

/** Reads an import file (its UTF-8 bytes, or its text) into products and each row's problems. */
export async function readCatalogFile(file: Uint8Array | string, currency: string, t: Translate): Promise<CatalogFileReading> {
  const bytes = typeof file === "string" ? new TextEncoder().encode(file) : file;
  const csv = await readCsv(bytes, CATALOG_CSV_BOUNDS);
  if (!csv.ok) return unreadableCatalogFile(csv.problem, csv.record, t);
  return readCatalogRecords(csv.records, currency, t, yieldToOtherRequests);
}
