/**
 * The catalog as a spreadsheet (docs/decisions/0024-catalog-spreadsheet.md): writing a store's products
 * and variants as CSV rows, and reading such a file back into products, each row checked with its row
 * number and column, then matched to the store's products. Plain functions: the database work is in
 * app/products/catalog-import.server.ts.
 */
import { VISIBILITY_LABELS } from "./catalog";
import { NO_CATEGORY, NO_CATEGORY_LABEL, PRODUCT_CATEGORIES, productCategoryName } from "./categories";
import { type CsvSeparator, cellText, csvLine, SPREADSHEET_SEPARATOR } from "./csv";
import { LIMIT_MESSAGES } from "./limits";
import { defineMessages, type MessageDescriptor, type Translate } from "./messages";
import { fractionDigits, readMoney, toDecimalString } from "./money";
import {
  compareAtProblem,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_FIELD_MESSAGES,
  PRODUCT_NAME_MAX,
  type ProductFields,
  readPrice,
  STOCK_PATTERN,
} from "./product-fields";
import { VALIDATION_MESSAGES } from "./validation-messages";
import {
  combinationKey,
  MAX_OPTIONS,
  OPTION_VALUE_MAX,
  optionProblems,
  type ProductOption,
  SKU_MAX,
  sameValue,
  VARIANT_MESSAGES,
  valuesOf,
} from "./variants";

export const CATALOG_COLUMNS = [
  "ID",
  "Nombre",
  "Descripción",
  "Categoría",
  "Precio",
  "Precio anterior",
  "Visibilidad",
  "Opción 1",
  "Valor 1",
  "Opción 2",
  "Valor 2",
  "Opción 3",
  "Valor 3",
  "SKU",
  "Precio variante",
  "Stock",
  "Activa",
] as const;
type CatalogColumn = (typeof CATALOG_COLUMNS)[number];

/** The export's separator: spreadsheets set to Spanish open it in columns. Imports take ';' or ','. */
const CATALOG_SEPARATOR: CsvSeparator = SPREADSHEET_SEPARATOR;
/** An import file holds at most this many bytes and rows (the header aside). */
export const CATALOG_MAX_BYTES = 2 * 1024 * 1024;
export const CATALOG_MAX_ROWS = 2000;
/** The file's export has 17 columns; a few of the merchant's own are ignored, a wall of separators is refused unread. */
export const CATALOG_MAX_COLUMNS = 40;
/** The longest cell: a description (2,000 characters) with room to spare, far below what a wrong separator makes. */
export const CATALOG_MAX_CELL_CHARS = 10_000;

const optionColumn = (k: number) => `Opción ${k + 1}` as CatalogColumn;
const valueColumn = (k: number) => `Valor ${k + 1}` as CatalogColumn;

/** As the refusal has always written it ('10.000'). */
const CELL_CHARS_TEXT = CATALOG_MAX_CELL_CHARS.toLocaleString("es");

const YES = "Sí";
const NO = "No";

export const CATALOG_MESSAGES = defineMessages({
  belowReserved: {
    id: "catalog.refusal.belowReserved",
    defaultMessage:
      "El archivo deja el stock de un producto por debajo de las unidades reservadas en pedidos pendientes. Revisa la columna Reservado en Productos y vuelve a importar.",
  },
  notUtf8: {
    id: "catalog.refusal.notUtf8",
    defaultMessage: "El archivo no está en UTF-8: en tu hoja de cálculo guárdalo como «CSV UTF-8»",
  },
  tooLarge: { id: "catalog.refusal.tooLarge", defaultMessage: "El archivo pesa más de {mb} MB: divídelo en partes" },
  tooManyRows: {
    id: "catalog.refusal.tooManyRows",
    defaultMessage: "El archivo tiene más de {max} filas de productos: divídelo en partes",
  },
  unclosedQuote: { id: "catalog.refusal.unclosedQuote", defaultMessage: 'Una comilla (") abre una celda que nunca se cierra' },
  malformed: {
    id: "catalog.refusal.malformed",
    defaultMessage: 'Las comillas (") de esta fila no forman celdas: escribe entre comillas la celda entera',
  },
  tooManyColumns: {
    id: "catalog.refusal.tooManyColumns",
    defaultMessage: "Tiene más de {max} columnas: usa como encabezado la primera fila de «Exportar CSV»",
  },
  cellTooLong: {
    id: "catalog.refusal.cellTooLong",
    defaultMessage: "Una celda tiene más de {max} caracteres: revisa que el archivo separe las columnas con ; o ,",
  },
  missingColumns: {
    id: "catalog.refusal.missingColumns",
    defaultMessage: "Faltan las columnas {columns}: usa como encabezado la primera fila de «Exportar CSV»",
  },
  noRows: { id: "catalog.refusal.noRows", defaultMessage: "El archivo no tiene filas de productos debajo del encabezado" },
  chooseFile: { id: "catalog.refusal.chooseFile", defaultMessage: "Elige el archivo CSV de tu catálogo" },
  outcomeChanged: {
    id: "catalog.refusal.outcomeChanged",
    defaultMessage: "Tu catálogo cambió desde la vista previa: revisa el resultado de nuevo y confirma otra vez",
  },
  previewAgain: {
    id: "catalog.refusal.previewAgain",
    defaultMessage: "Esa vista previa ya no está: sube el archivo otra vez para ver el resultado y confirmar",
  },
  unknownProduct: {
    id: "catalog.refusal.unknownProduct",
    defaultMessage: "Este ID no es de ningún producto de tu tienda: déjalo vacío para crear un producto nuevo",
  },
  productRepeated: {
    id: "catalog.refusal.productRepeated",
    defaultMessage: "Este producto ya está en la fila {row}: pon todas sus filas juntas",
  },
  differsFromFirstRow: {
    id: "catalog.refusal.differsFromFirstRow",
    defaultMessage:
      "No coincide con la fila {row}, la primera de este producto: en las demás filas repite el valor o deja la celda vacía",
  },
  category: {
    id: "catalog.refusal.category",
    defaultMessage: "Escribe una categoría como aparece en el formulario de producto, por ejemplo Hogar",
  },
  visibility: { id: "catalog.refusal.visibility", defaultMessage: "Escribe Publicado u Oculto" },
  enabled: { id: "catalog.refusal.enabled", defaultMessage: "Escribe Sí o No" },
  optionNameDiffers: {
    id: "catalog.refusal.optionNameDiffers",
    defaultMessage: "No coincide con la fila {row}: todas las filas de un producto llevan las mismas opciones",
  },
  optionValueMissing: { id: "catalog.refusal.optionValueMissing", defaultMessage: "Escribe el valor de {name} para esta fila" },
  optionNameMissing: {
    id: "catalog.refusal.optionNameMissing",
    defaultMessage: "Escribe el nombre de esta opción, o deja vacío su valor",
  },
  noSuchOption: {
    id: "catalog.refusal.noSuchOption",
    defaultMessage:
      "{count, plural, =0 {Este producto no tiene opciones en su primera fila: deja vacías las columnas de opciones} one {Este producto tiene {count} opción en su primera fila: deja vacía esta columna} other {Este producto tiene {count} opciones en su primera fila: deja vacía esta columna}}",
  },
  combinationRepeated: { id: "catalog.refusal.combinationRepeated", defaultMessage: "Esta combinación ya está en la fila {row}" },
  oneRowWithoutOptions: {
    id: "catalog.refusal.oneRowWithoutOptions",
    defaultMessage: "Un producto sin opciones va en una sola fila (la {row}): agrega la columna Opción 1 para tener variantes",
  },
  skuWithoutOptions: {
    id: "catalog.refusal.skuWithoutOptions",
    defaultMessage: "Un producto sin opciones no lleva SKU: agrégale una opción para usarlo",
  },
  variantPriceWithoutOptions: {
    id: "catalog.refusal.variantPriceWithoutOptions",
    defaultMessage: "Un producto sin opciones no lleva precio de variante: usa la columna Precio",
  },
  disabledWithoutOptions: {
    id: "catalog.refusal.disabledWithoutOptions",
    defaultMessage: "Un producto sin opciones no se desactiva: usa Visibilidad Oculto",
  },
  skuInFile: { id: "catalog.refusal.skuInFile", defaultMessage: "El SKU “{sku}” ya está en la fila {row}" },
  skuOfAnotherProduct: {
    id: "catalog.refusal.skuOfAnotherProduct",
    defaultMessage: "El SKU “{sku}” ya está en uso en otro producto de esta tienda",
  },
  skuOfTwoProducts: {
    id: "catalog.refusal.skuOfTwoProducts",
    defaultMessage: "El SKU “{sku}” es de otro producto de tu tienda que el SKU de la fila {row}: una fila por producto",
  },
  productLimit: {
    id: "catalog.refusal.productLimit",
    defaultMessage: "{reached}: tu plan permite {limit} productos, tienes {existing} y este archivo crea {creating}",
  },
  problemInColumn: { id: "catalog.problem.inColumn", defaultMessage: "Fila {row}, columna {column}: {message}" },
  problemInRow: { id: "catalog.problem.inRow", defaultMessage: "Fila {row}: {message}" },
});

// ——— Export ———

/** One product as the export writes it, with its options and its variants in the merchant's order. */
export interface CatalogProduct extends ProductFields {
  id: string;
  options: ProductOption[];
  variants: ReadonlyArray<{
    option1: string;
    option2: string;
    option3: string;
    price: number | null;
    sku: string | null;
    stock: number;
    enabled: boolean;
  }>;
}

/**
 * An amount as a plain decimal of the store currency ('1234.50', '12500'), which `readMoney` reads
 * back. Currencies with 3 or more decimals get a decimal comma ('1,500'): there readMoney reads a
 * lone '.' before 3 digits as ambiguous.
 */
function csvAmount(minor: number, currency: string): string {
  const text = toDecimalString(minor, currency);
  return fractionDigits(currency) >= 3 ? text.replace(".", ",") : text;
}

export const catalogHeaderLine = () => csvLine(CATALOG_COLUMNS, CATALOG_SEPARATOR);

/** The rows of one product: one per variant, or one for a product without options. Product columns are on every row. */
export function catalogProductLines(product: CatalogProduct, currency: string): string {
  const productCells = [
    product.id,
    product.name,
    product.description,
    productCategoryName(product.category) ?? "",
    csvAmount(product.price, currency),
    product.compareAtPrice === null ? "" : csvAmount(product.compareAtPrice, currency),
    product.published ? VISIBILITY_LABELS.published : VISIBILITY_LABELS.hidden,
  ];
  const optionCells = (values: readonly string[]) =>
    Array.from({ length: MAX_OPTIONS }, (_, k) => [product.options[k]?.name ?? "", values[k] ?? ""]).flat();
  if (product.options.length === 0 || product.variants.length === 0)
    return csvLine([...productCells, ...optionCells([]), "", "", String(product.stock), ""], CATALOG_SEPARATOR);
  return product.variants
    .map((v) =>
      csvLine(
        [
          ...productCells,
          ...optionCells(valuesOf(v, product.options.length)),
          v.sku ?? "",
          v.price === null ? "" : csvAmount(v.price, currency),
          String(v.stock),
          v.enabled ? YES : NO,
        ],
        CATALOG_SEPARATOR,
      ),
    )
    .join("");
}

// ——— Import: reading the file ———

/** A refusal, anchored to a spreadsheet row (the header is row 1) and, when it is about one cell, its column. */
export interface RowProblem {
  row: number;
  column: CatalogColumn | null;
  message: string;
}

/** 'Fila 7, columna Precio: …' */
export function problemText(problem: RowProblem, t: Translate): string {
  const { row, column, message } = problem;
  return column
    ? t(CATALOG_MESSAGES.problemInColumn, { row, column, message })
    : t(CATALOG_MESSAGES.problemInRow, { row, message });
}

/** One combination of a product read from its row. */
interface ImportedVariant {
  row: number;
  values: string[];
  /** null = the product's price. */
  price: number | null;
  sku: string | null;
  stock: number;
  enabled: boolean;
}

/** A product as its rows describe it: the columns of its first row, its options and its variants. */
interface ImportedProduct extends ProductFields {
  /** Its spreadsheet rows, first row first. */
  rows: number[];
  /** The ID column: an existing product's, or null for a new product. */
  id: string | null;
  options: ProductOption[];
  /** Empty for a product without options. */
  variants: ImportedVariant[];
}

export type CatalogFileReading =
  | { ok: true; products: ImportedProduct[]; problems: RowProblem[]; rowCount: number }
  | { ok: false; problems: RowProblem[] };

type Cells = Record<CatalogColumn, string>;
interface FileRow {
  row: number;
  cells: Cells;
}

/** The index of each known column in the header, matched without case or accents; missing ones listed. */
function headerColumns(header: readonly string[]): { indexes: Map<CatalogColumn, number>; missing: CatalogColumn[] } {
  const indexes = new Map<CatalogColumn, number>();
  header.forEach((cell, i) => {
    const column = CATALOG_COLUMNS.find((c) => sameValue(c, cellText(cell)));
    if (column && !indexes.has(column)) indexes.set(column, i);
  });
  return { indexes, missing: CATALOG_COLUMNS.filter((c) => !indexes.has(c)) };
}

/** What reading the file's cells found wrong before any row could be checked (csv-reader's problems). */
export type CatalogCsvProblem = "unclosedQuote" | "malformed" | "tooManyRecords" | "tooManyColumns" | "cellTooLong";

const CSV_PROBLEM_MESSAGES: Record<CatalogCsvProblem, MessageDescriptor> = {
  unclosedQuote: CATALOG_MESSAGES.unclosedQuote,
  malformed: CATALOG_MESSAGES.malformed,
  tooManyRecords: CATALOG_MESSAGES.tooManyRows,
  tooManyColumns: CATALOG_MESSAGES.tooManyColumns,
  cellTooLong: CATALOG_MESSAGES.cellTooLong,
};

/** The file refused as a whole, at the spreadsheet row where reading stopped. */
export function unreadableCatalogFile(problem: CatalogCsvProblem, row: number, t: Translate): CatalogFileReading {
  const max =
    problem === "tooManyRecords" ? CATALOG_MAX_ROWS : problem === "tooManyColumns" ? CATALOG_MAX_COLUMNS : CELL_CHARS_TEXT;
  return { ok: false, problems: [{ row, column: null, message: t(CSV_PROBLEM_MESSAGES[problem], { max }) }] };
}

/** Rows checked between two pauses of a long file (about 5 ms of work). */
const ROWS_PER_PAUSE = 250;

/**
 * Reads an import file's records (its cells, header first): the header names the columns (in any
 * order; others are ignored), blank rows are skipped, and the rows are grouped into products and
 * checked. `problems` lists every refusal; the products are usable only when it is empty. `pause` is
 * awaited every few hundred rows, so the caller can let its runtime answer other requests meanwhile.
 */
export async function readCatalogRecords(
  csvRecords: string[][],
  currency: string,
  t: Translate,
  pause: () => Promise<void> = async () => {},
): Promise<CatalogFileReading> {
  const [header = [], ...records] = csvRecords;
  const { indexes, missing } = headerColumns(header);
  if (missing.length > 0)
    return {
      ok: false,
      problems: [{ row: 1, column: null, message: t(CATALOG_MESSAGES.missingColumns, { columns: missing.join(", ") }) }],
    };
  const rows: FileRow[] = [];
  for (const [i, record] of records.entries()) {
    if (i % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) await pause();
    if (record.every((cell) => cell.trim() === "")) continue;
    const cells = Object.fromEntries(
      CATALOG_COLUMNS.map((column) => [
        column,
        cellText(record[indexes.get(column) ?? -1] ?? "")
          .trim()
          .replace(/\r\n?/g, "\n"),
      ]),
    ) as Cells;
    rows.push({ row: i + 2, cells });
  }
  if (rows.length === 0) return { ok: false, problems: [{ row: 2, column: null, message: t(CATALOG_MESSAGES.noRows) }] };
  const problems: RowProblem[] = [];
  const products: ImportedProduct[] = [];
  for (const [i, group] of groupRows(rows).entries()) {
    if (i % ROWS_PER_PAUSE === ROWS_PER_PAUSE - 1) await pause();
    products.push(readProduct(group, currency, problems, t));
  }
  checkSkusInFile(products, problems, t);
  return { ok: true, products, problems: sortProblems(problems), rowCount: rows.length };
}

/**
 * Rows of one product: every row with the same ID, wherever it is; or, without an ID, consecutive rows
 * with the same Nombre (a row with neither continues the product with options above it).
 */
function groupRows(rows: FileRow[]): FileRow[][] {
  const groups: FileRow[][] = [];
  const byId = new Map<string, FileRow[]>();
  let current: FileRow[] | null = null;
  for (const row of rows) {
    const id = row.cells.ID;
    if (id) {
      const group = byId.get(id);
      if (group) group.push(row);
      else {
        const created = [row];
        byId.set(id, created);
        groups.push(created);
      }
      current = null;
      continue;
    }
    const name = row.cells.Nombre;
    const head = current?.[0]?.cells;
    // A row without a name is one more variant of a product with options above it; else a product missing its name.
    if (current && head && (name === head.Nombre || (name === "" && head["Opción 1"] !== ""))) current.push(row);
    else {
      current = [row];
      groups.push(current);
    }
  }
  return groups;
}

const collapseSpaces = (text: string) => text.replace(/\s+/g, " ");

function readCategory(text: string): number | null {
  if (text === "" || sameValue(text, NO_CATEGORY_LABEL)) return NO_CATEGORY;
  const index = PRODUCT_CATEGORIES.findIndex((name) => sameValue(name, text));
  return index === -1 ? null : index;
}

function readVisibility(text: string): boolean | null {
  if (text === "" || sameValue(text, VISIBILITY_LABELS.published)) return true;
  return sameValue(text, VISIBILITY_LABELS.hidden) ? false : null;
}

function readEnabled(text: string): boolean | null {
  if (text === "" || sameValue(text, YES)) return true;
  return sameValue(text, NO) ? false : null;
}

/** Reads one product from its rows, adding each refusal to `problems`. */
function readProduct(rows: FileRow[], currency: string, problems: RowProblem[], t: Translate): ImportedProduct {
  const first = rows[0] as FileRow;
  const refuse = (row: number, column: CatalogColumn | null, message: string) => problems.push({ row, column, message });
  const c = first.cells;

  // Product columns: from the first row.
  const name = collapseSpaces(c.Nombre);
  if (!name) refuse(first.row, "Nombre", VALIDATION_MESSAGES.required);
  else if (name.length > PRODUCT_NAME_MAX) refuse(first.row, "Nombre", VALIDATION_MESSAGES.textAtMost(PRODUCT_NAME_MAX));
  if (c.Descripción.length > PRODUCT_DESCRIPTION_MAX)
    refuse(first.row, "Descripción", VALIDATION_MESSAGES.textAtMost(PRODUCT_DESCRIPTION_MAX));
  const category = readCategory(c.Categoría);
  if (category === null) refuse(first.row, "Categoría", t(CATALOG_MESSAGES.category));
  let price: number | null = null;
  if (!c.Precio) refuse(first.row, "Precio", VALIDATION_MESSAGES.required);
  else {
    const reading = readPrice(c.Precio, currency, "either", t);
    if (reading.ok) price = reading.minor;
    else refuse(first.row, "Precio", reading.message);
  }
  let compareAtPrice: number | null = null;
  if (c["Precio anterior"]) {
    const reading = readPrice(c["Precio anterior"], currency, "either", t);
    const offer = reading.ok && price !== null ? compareAtProblem(price, reading.minor) : null;
    if (!reading.ok) refuse(first.row, "Precio anterior", reading.message);
    else if (offer) refuse(first.row, "Precio anterior", offer);
    else compareAtPrice = reading.minor;
  }
  const published = readVisibility(c.Visibilidad);
  if (published === null) refuse(first.row, "Visibilidad", t(CATALOG_MESSAGES.visibility));

  // Later rows repeat the product columns or leave them empty.
  const sameAsFirst: Array<[CatalogColumn, (text: string) => unknown]> = [
    ["Nombre", collapseSpaces],
    ["Descripción", (t) => t],
    ["Categoría", readCategory],
    ["Precio", (t) => readMoney(t, currency)],
    ["Precio anterior", (t) => readMoney(t, currency)],
    ["Visibilidad", readVisibility],
  ];
  for (const row of rows.slice(1))
    for (const [column, meaning] of sameAsFirst) {
      const text = row.cells[column];
      if (text && JSON.stringify(meaning(text)) !== JSON.stringify(meaning(c[column])))
        refuse(row.row, column, t(CATALOG_MESSAGES.differsFromFirstRow, { row: first.row }));
    }

  // Options: named on the first row, without gaps.
  const names: string[] = [];
  for (let k = 0; k < MAX_OPTIONS; k++) {
    const optionName = collapseSpaces(c[optionColumn(k)]);
    const laterGiven = Array.from({ length: MAX_OPTIONS - k }, (_, j) => c[optionColumn(k + j)] || c[valueColumn(k + j)]).some(
      Boolean,
    );
    if (!optionName) {
      if (laterGiven) refuse(first.row, optionColumn(k), t(CATALOG_MESSAGES.optionNameMissing));
      break;
    }
    names.push(optionName);
  }
  const options: ProductOption[] = names.map((n) => ({ name: n, values: [] }));

  const stockOf = (row: FileRow) => {
    if (!STOCK_PATTERN.test(row.cells.Stock)) {
      refuse(row.row, "Stock", t(PRODUCT_FIELD_MESSAGES.stock));
      return 0;
    }
    return Number(row.cells.Stock);
  };

  if (options.length === 0) {
    for (const row of rows) {
      for (let k = 0; k < MAX_OPTIONS; k++)
        if (row !== first && (row.cells[optionColumn(k)] || row.cells[valueColumn(k)]))
          refuse(
            row.row,
            row.cells[optionColumn(k)] ? optionColumn(k) : valueColumn(k),
            t(CATALOG_MESSAGES.noSuchOption, { count: 0 }),
          );
      if (row !== first) refuse(row.row, null, t(CATALOG_MESSAGES.oneRowWithoutOptions, { row: first.row }));
    }
    if (c.SKU) refuse(first.row, "SKU", t(CATALOG_MESSAGES.skuWithoutOptions));
    if (c["Precio variante"]) refuse(first.row, "Precio variante", t(CATALOG_MESSAGES.variantPriceWithoutOptions));
    if (readEnabled(c.Activa) !== true)
      refuse(
        first.row,
        "Activa",
        t(readEnabled(c.Activa) === false ? CATALOG_MESSAGES.disabledWithoutOptions : CATALOG_MESSAGES.enabled),
      );
    return product(stockOf(first), []);
  }

  // Variants: one per row, each value spelled as its first appearance.
  const variants: ImportedVariant[] = [];
  const combinationRows = new Map<string, number>();
  for (const row of rows) {
    const values: string[] = [];
    for (let k = 0; k < MAX_OPTIONS; k++) {
      const optionName = collapseSpaces(row.cells[optionColumn(k)]);
      const value = collapseSpaces(row.cells[valueColumn(k)]);
      const option = options[k];
      if (!option) {
        if (optionName || value)
          refuse(
            row.row,
            optionName ? optionColumn(k) : valueColumn(k),
            t(CATALOG_MESSAGES.noSuchOption, { count: options.length }),
          );
        continue;
      }
      if (optionName && !sameValue(optionName, option.name))
        refuse(row.row, optionColumn(k), t(CATALOG_MESSAGES.optionNameDiffers, { row: first.row }));
      if (!value) {
        refuse(row.row, valueColumn(k), t(CATALOG_MESSAGES.optionValueMissing, { name: option.name }));
        continue;
      }
      const known = option.values.find((v) => sameValue(v, value));
      if (!known && value.length <= OPTION_VALUE_MAX) option.values.push(value);
      else if (!known) refuse(row.row, valueColumn(k), t(VARIANT_MESSAGES.tooLong, { max: OPTION_VALUE_MAX }));
      values.push(known ?? value);
    }
    if (values.length === options.length) {
      const key = combinationKey(values);
      const earlier = combinationRows.get(key);
      if (earlier !== undefined) refuse(row.row, valueColumn(0), t(CATALOG_MESSAGES.combinationRepeated, { row: earlier }));
      else combinationRows.set(key, row.row);
    }
    let variantPrice: number | null = null;
    if (row.cells["Precio variante"]) {
      const reading = readPrice(row.cells["Precio variante"], currency, "either", t);
      if (reading.ok) variantPrice = reading.minor;
      else refuse(row.row, "Precio variante", reading.message);
    }
    const sku = row.cells.SKU || null;
    if (sku && sku.length > SKU_MAX) refuse(row.row, "SKU", t(VARIANT_MESSAGES.tooLong, { max: SKU_MAX }));
    const enabled = readEnabled(row.cells.Activa);
    if (enabled === null) refuse(row.row, "Activa", t(CATALOG_MESSAGES.enabled));
    variants.push({ row: row.row, values, price: variantPrice, sku, stock: stockOf(row), enabled: enabled ?? true });
  }
  // The option rules of the product form, on the first row. Names are never empty here and values are
  // gathered without repeats; a row without its value already has its own message.
  const rowMessages = [t(VARIANT_MESSAGES.optionName), t(VARIANT_MESSAGES.optionValues)];
  for (const problem of optionProblems(options, t)) {
    if (rowMessages.includes(problem.message)) continue;
    refuse(first.row, problem.field === "name" ? optionColumn(problem.option) : valueColumn(problem.option), problem.message);
  }
  if (variants.every((v) => !v.enabled)) refuse(first.row, "Activa", t(VARIANT_MESSAGES.noneEnabled));
  return product(0, variants);

  function product(stock: number, productVariants: ImportedVariant[]): ImportedProduct {
    return {
      rows: rows.map((r) => r.row),
      id: c.ID || null,
      name,
      description: c.Descripción,
      category: category ?? NO_CATEGORY,
      price: price ?? 0,
      compareAtPrice,
      published: published ?? true,
      options,
      variants: productVariants,
      stock,
    };
  }
}

/** A SKU names one variant of the store: it may appear on one row of the file only (compared without case). */
function checkSkusInFile(products: ImportedProduct[], problems: RowProblem[], t: Translate) {
  const seen = new Map<string, number>();
  for (const p of products)
    for (const v of p.variants) {
      if (!v.sku) continue;
      const key = v.sku.toLowerCase();
      const earlier = seen.get(key);
      if (earlier !== undefined)
        problems.push({ row: v.row, column: "SKU", message: t(CATALOG_MESSAGES.skuInFile, { sku: v.sku, row: earlier }) });
      else seen.set(key, v.row);
    }
}

const sortProblems = (problems: RowProblem[]) =>
  problems.sort((a, b) => a.row - b.row || CATALOG_COLUMNS.indexOf(a.column ?? "ID") - CATALOG_COLUMNS.indexOf(b.column ?? "ID"));

// ——— Import: matching the store's products ———

/** What the database says about the file's IDs and SKUs (only this store's products). */
export interface CatalogLookup {
  /** The file's IDs that are products of this store. */
  productIds: ReadonlySet<string>;
  /** Of the products the file names (by ID or SKU), those without a photo: they stay 'Oculto'. */
  withoutPhoto: ReadonlySet<string>;
  /** The file's SKUs held by a variant of this store: SKU → its product's id. */
  skuOwners: ReadonlyMap<string, string>;
  /** How many products the store has now (hidden ones count). */
  productCount: number;
  /** The plan's product limit; null = unlimited. */
  productLimit: number | null;
}

type RowOutcome = "crear" | "actualizar";

/** One row of the preview: what happens to it, or why nothing can. */
interface RowResult {
  row: number;
  name: string;
  /** null when the row (or its product) has a problem. A new product is created hidden: it has no photo yet. */
  outcome: RowOutcome | null;
  problems: string[];
}

/** A product the import writes: created (its id is chosen when writing) or updated. */
export type PlannedProduct = ImportedProduct & ({ action: "create" } | { action: "update"; id: string });

export interface CatalogImportPlan {
  rows: RowResult[];
  /** Every refusal, in row order; the import applies only when there is none. */
  problems: RowProblem[];
  products: PlannedProduct[];
  creates: number;
  updates: number;
}

/**
 * Decides each product's fate: an ID of this store's updates it; an unknown ID (or another store's) is
 * refused; without an ID, a SKU of one of the store's variants updates that product; otherwise the
 * product is created, hidden. New products must fit in the plan's product limit.
 */
export function planCatalogImport(reading: CatalogFileReading, lookup: CatalogLookup, t: Translate): CatalogImportPlan {
  if (!reading.ok) return { rows: [], problems: reading.problems, products: [], creates: 0, updates: 0 };
  const problems = [...reading.problems];
  const refuse = (row: number, column: CatalogColumn | null, message: string) => problems.push({ row, column, message });
  const planned: PlannedProduct[] = [];
  const firstRowOf = new Map<string, number>();
  for (const p of reading.products) {
    const firstRow = p.rows[0] as number;
    let target: string | null = null;
    if (p.id) {
      if (!lookup.productIds.has(p.id)) for (const row of p.rows) refuse(row, "ID", t(CATALOG_MESSAGES.unknownProduct));
      else target = p.id;
      for (const v of p.variants) {
        const owner = v.sku ? lookup.skuOwners.get(v.sku) : undefined;
        if (owner && owner !== p.id) refuse(v.row, "SKU", t(CATALOG_MESSAGES.skuOfAnotherProduct, { sku: v.sku ?? "" }));
      }
      if (!target) continue;
    } else {
      let ownerRow = 0;
      for (const v of p.variants) {
        const owner = v.sku ? lookup.skuOwners.get(v.sku) : undefined;
        if (!owner) continue;
        if (target === null) {
          target = owner;
          ownerRow = v.row;
        } else if (owner !== target)
          refuse(v.row, "SKU", t(CATALOG_MESSAGES.skuOfTwoProducts, { sku: v.sku ?? "", row: ownerRow }));
      }
    }
    if (target !== null) {
      const earlier = firstRowOf.get(target);
      if (earlier !== undefined) {
        refuse(firstRow, p.id ? "ID" : "SKU", t(CATALOG_MESSAGES.productRepeated, { row: earlier }));
        continue;
      }
      firstRowOf.set(target, firstRow);
      if (p.published && lookup.withoutPhoto.has(target))
        refuse(firstRow, "Visibilidad", t(PRODUCT_FIELD_MESSAGES.photoToPublish));
      planned.push({ ...p, action: "update", id: target });
    } else planned.push({ ...p, action: "create" });
  }
  const creating = planned.filter((p) => p.action === "create");
  if (lookup.productLimit !== null && lookup.productCount + creating.length > lookup.productLimit) {
    const firstOver = creating[Math.max(0, lookup.productLimit - lookup.productCount)];
    refuse(
      firstOver?.rows[0] ?? 2,
      null,
      t(CATALOG_MESSAGES.productLimit, {
        reached: LIMIT_MESSAGES.products,
        limit: lookup.productLimit,
        existing: lookup.productCount,
        creating: creating.length,
      }),
    );
  }
  const sorted = sortProblems(problems);
  const problemsByRow = new Map<number, string[]>();
  for (const problem of sorted)
    problemsByRow.set(problem.row, [...(problemsByRow.get(problem.row) ?? []), problemText(problem, t)]);
  const outcomeOf = new Map<number, PlannedProduct>();
  for (const p of planned) for (const row of p.rows) outcomeOf.set(row, p);
  const rows: RowResult[] = reading.products
    .flatMap((p) => p.rows.map((row) => ({ row, name: p.name })))
    .sort((a, b) => a.row - b.row)
    .map(({ row, name }) => {
      const rowProblems = problemsByRow.get(row) ?? [];
      const p = outcomeOf.get(row);
      const outcome = rowProblems.length === 0 && p ? (p.action === "create" ? "crear" : "actualizar") : null;
      return { row, name, outcome, problems: rowProblems };
    });
  return {
    rows,
    problems: sorted,
    products: planned,
    creates: creating.length,
    updates: planned.length - creating.length,
  };
}

/** The file's IDs and SKUs, for the one database lookup matching needs. */
export function identifiersOf(reading: CatalogFileReading): { ids: string[]; skus: string[] } {
  if (!reading.ok) return { ids: [], skus: [] };
  const ids = new Set<string>();
  const skus = new Set<string>();
  for (const p of reading.products) {
    if (p.id) ids.add(p.id);
    for (const v of p.variants) if (v.sku) skus.add(v.sku);
  }
  return { ids: [...ids], skus: [...skus] };
}
