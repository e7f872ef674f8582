import { describe, expect, it } from "vitest";
import { readCatalogFile } from "~/domain/catalog-file.server";
import { CSV_BOM, cellText, csvCell, csvDocument } from "~/domain/csv";
import { readCsv } from "~/domain/csv-reader.server";
import { translatorFor } from "~/domain/message-catalogs";
import {
  CATALOG_COLUMNS,
  CATALOG_MAX_BYTES,
  CATALOG_MAX_ROWS,
  type CatalogLookup,
  type CatalogProduct,
  catalogHeaderLine,
  catalogProductLines,
  planCatalogImport,
  problemText,
} from "~/domain/product-csv";
import { bodyLimitFor, FORM_BODY_LIMIT } from "~/security/body-limit";

const es = translatorFor("es");

const HEADER = CATALOG_COLUMNS.join(";");
const NO_MATCHES: CatalogLookup = {
  productIds: new Set(),
  withoutPhoto: new Set(),
  skuOwners: new Map(),
  productCount: 0,
  productLimit: null,
};

/** A row of the import format from the columns it sets (the others empty), joined with `separator`. */
function row(cells: Partial<Record<(typeof CATALOG_COLUMNS)[number], string>>, separator = ";"): string {
  return CATALOG_COLUMNS.map((c) => csvCell(cells[c] ?? "")).join(separator);
}
const file = (...rows: string[]) => [HEADER, ...rows].join("\r\n");
/** readCsv on a text, at most `maxRecords` records and the catalog's other bounds. */
const read = (text: string, maxRecords: number) =>
  readCsv(new TextEncoder().encode(text), { maxRecords, maxColumns: 40, maxCellChars: 10_000 });

const mug: CatalogProduct = {
  id: "1234567",
  name: 'Taza "grande"; cerámica',
  description: "Línea 1\nLínea 2, con coma",
  category: 4,
  price: 125050,
  compareAtPrice: 150000,
  published: true,
  stock: 12,
  options: [],
  variants: [],
};
const shirt: CatalogProduct = {
  id: "7654321",
  name: '=HYPERLINK("http://x")',
  description: "",
  category: 3,
  price: 2000,
  compareAtPrice: null,
  published: false,
  stock: 5,
  options: [
    { name: "Talla", values: ["S", "M"] },
    { name: "Color", values: ["Rojo"] },
  ],
  variants: [
    { option1: "S", option2: "Rojo", option3: "", price: null, sku: "+CAM-S", stock: 2, enabled: true },
    { option1: "M", option2: "Rojo", option3: "", price: 2500, sku: "@CAM-M", stock: 3, enabled: false },
  ],
};
const exported = (products: CatalogProduct[], currency = "USD") =>
  CSV_BOM + catalogHeaderLine() + products.map((p) => catalogProductLines(p, currency)).join("");

describe("CSV cells and files", () => {
  it.each([";", ","] as const)("round-trips quotes, both separators, line breaks and formulas with %j", async (separator) => {
    const cells = [
      'Café "especial"',
      "a;b",
      "a,b",
      "línea 1\r\nlínea 2",
      "uno\ndos",
      "",
      "=1+1",
      "+57 300",
      "-5",
      "@x",
      "\tx",
      "'=x",
      "Ana",
    ];
    const reading = await read(csvDocument([cells, cells], separator), 10);
    expect(reading).toMatchObject({ ok: true, separator });
    if (!reading.ok) return;
    expect(reading.records).toHaveLength(2);
    for (const record of reading.records) expect(record.map(cellText)).toEqual(cells);
  });

  it("writes a possible formula with a leading apostrophe, which reading removes once", async () => {
    expect(csvCell("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvCell("\rx")).toBe('"\'\rx"');
    expect(csvCell("'=x")).toBe("''=x");
    expect(cellText("'=SUM(A1)")).toBe("=SUM(A1)");
    expect(cellText("''=x")).toBe("'=x");
    // An apostrophe before ordinary text is the merchant's own.
    expect(cellText("'hola")).toBe("'hola");
  });

  it("skips the BOM, takes LF or CR line ends, and stops past the row limit without reading on", async () => {
    expect(await read(`${CSV_BOM}a;b\nc;d\re;f\n`, 10)).toEqual({
      ok: true,
      separator: ";",
      records: [
        ["a", "b"],
        ["c", "d"],
        ["e", "f"],
      ],
    });
    expect(await read("a,b\r\n1,2\r\n3,4\r\n5,6", 3)).toEqual({ ok: false, problem: "tooManyRecords", record: 4 });
    expect(await read('a;b\r\n"sin cerrar;2\r\n', 10)).toEqual({ ok: false, problem: "unclosedQuote", record: 2 });
  });
});

describe("catalog export and import", () => {
  it("reads its own export back: products, options, variants, amounts and the formula-looking cells", async () => {
    const text = exported([mug, shirt]);
    expect(text.startsWith(`${CSV_BOM}${HEADER}\r\n`)).toBe(true);
    const reading = await readCatalogFile(text, "USD", es);
    expect(reading).toMatchObject({ ok: true, problems: [], rowCount: 3 });
    if (!reading.ok) return;
    const [one, two] = reading.products;
    expect(one).toMatchObject({
      rows: [2],
      id: mug.id,
      name: mug.name,
      description: mug.description,
      category: 4,
      price: 125050,
      compareAtPrice: 150000,
      published: true,
      options: [],
      variants: [],
      stock: 12,
    });
    expect(two).toMatchObject({
      rows: [3, 4],
      id: shirt.id,
      name: shirt.name,
      published: false,
      options: [
        { name: "Talla", values: ["S", "M"] },
        { name: "Color", values: ["Rojo"] },
      ],
      variants: [
        { row: 3, values: ["S", "Rojo"], price: null, sku: "+CAM-S", stock: 2, enabled: true },
        { row: 4, values: ["M", "Rojo"], price: 2500, sku: "@CAM-M", stock: 3, enabled: false },
      ],
    });
    expect(text).toContain(";Hogar;1250.50;1500.00;Publicado;;;;;;;;;12;\r\n");
    expect(text).toContain(`7654321;"'=HYPERLINK(""http://x"")";`);
    expect(text).toContain(";;'+CAM-S;;2;Sí\r\n");
  });

  it("writes amounts that read back in currencies without decimals and with three", async () => {
    for (const [currency, price] of [
      ["CLP", 12500],
      ["KWD", 1500],
    ] as const) {
      const reading = await readCatalogFile(exported([{ ...mug, price, compareAtPrice: null }], currency), currency, es);
      expect(reading.ok && reading.products[0]?.price).toBe(price);
    }
  });

  it("takes a file separated by commas, prices typed '1.234,50' or '12.5', and names without accents or case", async () => {
    const header = CATALOG_COLUMNS.join(",").replace("Categoría", "categoria");
    const text = [
      header,
      row({ Nombre: "Balón", Precio: "1.234,50", Stock: "3", Categoría: "hogar", Visibilidad: "oculto" }, ","),
      row({ Nombre: "Taza", Precio: "12.5", Stock: "0" }, ","),
      row({ Nombre: "Vela", Precio: "3", Stock: "1", Categoría: "sin categoria" }, ","),
      row({ Nombre: "Corte", Precio: "3", Stock: "1", Categoría: "Servicio" }, ","),
    ].join("\n");
    const reading = await readCatalogFile(text, "USD", es);
    expect(reading).toMatchObject({ ok: true, problems: [] });
    if (!reading.ok) return;
    expect(reading.products.map((p) => [p.name, p.price, p.category, p.published])).toEqual([
      ["Balón", 123450, 4, false],
      // An empty cell or 'Sin categoría' is no category; 'Servicio' is a category like the others.
      ["Taza", 1250, -1, true],
      ["Vela", 300, -1, true],
      ["Corte", 300, 0, true],
    ]);
  });

  it("a product without a category goes out with an empty cell and comes back without one", async () => {
    const text = exported([{ ...mug, name: "Taza", description: "", category: -1 }]);
    expect(text.split("\r\n")[1]?.split(";")[CATALOG_COLUMNS.indexOf("Categoría")]).toBe("");
    const reading = await readCatalogFile(text, "USD", es);
    expect(reading.ok && reading.products[0]?.category).toBe(-1);
  });

  it("refuses each bad cell with its row and column, in Spanish", async () => {
    const reading = await readCatalogFile(
      file(
        row({ Nombre: "Taza", Precio: "doce", Stock: "1" }),
        row({ Nombre: "Plato", Precio: "10", "Precio anterior": "9", Stock: "-1", Categoría: "Cosas" }),
        row({ Precio: "10", Stock: "1", Visibilidad: "Visible" }),
        row({ Nombre: "Vaso", Precio: "10", Stock: "1", SKU: "V-1" }),
      ),
      "USD",
      es,
    );
    expect(reading.ok && reading.problems.map((p) => problemText(p, es))).toEqual([
      "Fila 2, columna Precio: Escribe un precio válido, por ejemplo 12.500 o 12,50",
      "Fila 3, columna Categoría: Escribe una categoría como aparece en el formulario de producto, por ejemplo Hogar",
      "Fila 3, columna Precio anterior: El precio anterior debe ser mayor que el precio",
      "Fila 3, columna Stock: Escribe una cantidad entera, 0 o más",
      "Fila 4, columna Nombre: Este campo es obligatorio",
      "Fila 4, columna Visibilidad: Escribe Publicado u Oculto",
      "Fila 5, columna SKU: Un producto sin opciones no lleva SKU: agrégale una opción para usarlo",
    ]);
  });

  it("refuses variant rows that disagree with their product's first row", async () => {
    const product = { ID: "1234567", Nombre: "Camiseta", Precio: "20", "Opción 1": "Talla" };
    const reading = await readCatalogFile(
      file(
        row({ ...product, "Valor 1": "S", Stock: "1", SKU: "A" }),
        row({ ID: "1234567", Precio: "21", "Valor 1": "M", Stock: "1", SKU: "a" }),
        row({ ID: "1234567", "Opción 1": "Color", "Valor 1": "s", Stock: "1", Activa: "Quizás" }),
        row({ ID: "1234567", "Valor 1": "L", "Opción 2": "Color", "Valor 2": "Rojo", Stock: "" }),
      ),
      "USD",
      es,
    );
    expect(reading.ok && reading.problems.map((p) => problemText(p, es))).toEqual([
      "Fila 3, columna Precio: No coincide con la fila 2, la primera de este producto: en las demás filas repite el valor o deja la celda vacía",
      "Fila 3, columna SKU: El SKU “a” ya está en la fila 2",
      "Fila 4, columna Opción 1: No coincide con la fila 2: todas las filas de un producto llevan las mismas opciones",
      "Fila 4, columna Valor 1: Esta combinación ya está en la fila 2",
      "Fila 4, columna Activa: Escribe Sí o No",
      "Fila 5, columna Opción 2: Este producto tiene 1 opción en su primera fila: deja vacía esta columna",
      "Fila 5, columna Stock: Escribe una cantidad entera, 0 o más",
    ]);
  });

  it("groups rows: one ID wherever its rows are; without ID, consecutive rows of one Nombre (or none)", async () => {
    const reading = await readCatalogFile(
      file(
        row({ ID: "1111111", Nombre: "A", Precio: "1", "Opción 1": "Talla", "Valor 1": "S", Stock: "1" }),
        row({ Nombre: "Nuevo", Precio: "2", "Opción 1": "Talla", "Valor 1": "S", Stock: "1" }),
        row({ "Opción 1": "Talla", "Valor 1": "M", Stock: "1" }),
        row({ Nombre: "Nuevo", "Opción 1": "Talla", "Valor 1": "L", Stock: "1" }),
        "",
        row({ ID: "1111111", "Opción 1": "Talla", "Valor 1": "M", Stock: "1" }),
        row({ Nombre: "Otro", Precio: "3", Stock: "1" }),
        row({ Nombre: "Nuevo", Precio: "2", Stock: "4" }),
      ),
      "USD",
      es,
    );
    expect(reading.ok && reading.problems).toEqual([]);
    expect(reading.ok && reading.products.map((p) => [p.id, p.name, p.rows])).toEqual([
      ["1111111", "A", [2, 7]],
      [null, "Nuevo", [3, 4, 5]],
      [null, "Otro", [8]],
      [null, "Nuevo", [9]],
    ]);
  });

  it("bounds the import's request body before it is read: the file's size plus a form's", async () => {
    expect(bodyLimitFor("/Store/1234567890/products/import")).toBe(CATALOG_MAX_BYTES + FORM_BODY_LIMIT);
    expect(bodyLimitFor("/Store/1234567890/products/import.data")).toBe(CATALOG_MAX_BYTES + FORM_BODY_LIMIT);
    expect(CATALOG_MAX_BYTES).toBe(2 * 1024 * 1024);
  });

  it("refuses a file without its columns, with an open quote, or over the row limit", async () => {
    expect(await readCatalogFile("Nombre;Precio\r\nTaza;10", "USD", es)).toMatchObject({
      ok: false,
      problems: [{ row: 1, column: null, message: expect.stringContaining("Faltan las columnas ID, Descripción") }],
    });
    expect(await readCatalogFile(file(row({ Nombre: "Taza" }), '"Sin cerrar;1'), "USD", es)).toMatchObject({
      ok: false,
      problems: [{ row: 3, message: expect.stringContaining("comilla") }],
    });
    const rows = Array.from({ length: CATALOG_MAX_ROWS + 1 }, (_, i) => row({ Nombre: `P${i}`, Precio: "1", Stock: "1" }));
    expect(await readCatalogFile(file(...rows), "USD", es)).toMatchObject({
      ok: false,
      problems: [{ row: CATALOG_MAX_ROWS + 2, message: expect.stringContaining(`más de ${CATALOG_MAX_ROWS} filas`) }],
    });
  });
});

it("an Argentine or Uruguayan merchant reads the import's refusals in 'vos'", async () => {
  const ar = translatorFor("es-AR");
  const reading = await readCatalogFile(
    file(row({ Nombre: "Taza", Precio: "1", Stock: "1", Visibilidad: "Tal vez" })),
    "USD",
    ar,
  );
  expect(reading.ok && reading.problems.map((p) => problemText(p, ar))).toEqual([
    "Fila 2, columna Visibilidad: Escribí Publicado u Oculto",
  ]);
  const plan = planCatalogImport(reading.ok ? { ...reading, problems: [] } : reading, { ...NO_MATCHES, productLimit: 0 }, ar);
  expect(plan.problems[0]?.message).toBe(
    "Limite de productos alcanzado: tu plan permite 0 productos, tenés 0 y este archivo crea 1",
  );
});

describe("matching the store's products", () => {
  const text = file(
    row({ ID: "1111111", Nombre: "Suya", Precio: "1", Stock: "1" }),
    row({ ID: "9999999", Nombre: "Ajena", Precio: "1", "Opción 1": "Talla", "Valor 1": "S", Stock: "1" }),
    row({ ID: "9999999", "Opción 1": "Talla", "Valor 1": "M", Stock: "1" }),
    row({ Nombre: "Por SKU", Precio: "1", "Opción 1": "Talla", "Valor 1": "S", SKU: "SKU-1", Stock: "1" }),
    row({ "Opción 1": "Talla", "Valor 1": "M", SKU: "SKU-NUEVO", Stock: "1" }),
    row({ Nombre: "Nueva", Precio: "1", Stock: "1" }),
  );
  const lookup: CatalogLookup = {
    withoutPhoto: new Set<string>(),
    productIds: new Set(["1111111"]),
    skuOwners: new Map([["SKU-1", "2222222"]]),
    productCount: 5,
    productLimit: 30,
  };

  it("an ID of the store updates it, another ID is refused on each of its rows, a known SKU updates its product, the rest is created", async () => {
    const plan = planCatalogImport(await readCatalogFile(text, "USD", es), lookup, es);
    expect(plan.rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, "actualizar"],
      [3, null],
      [4, null],
      [5, "actualizar"],
      [6, "actualizar"],
      [7, "crear"],
    ]);
    expect(plan.rows[1]?.problems).toEqual([
      "Fila 3, columna ID: Este ID no es de ningún producto de tu tienda: déjalo vacío para crear un producto nuevo",
    ]);
    expect(plan.products.map((p) => [p.action, p.action === "update" ? p.id : p.name])).toEqual([
      ["update", "1111111"],
      ["update", "2222222"],
      ["create", "Nueva"],
    ]);
    expect([plan.creates, plan.updates]).toEqual([1, 2]);
  });

  it("an existing product without a photo cannot be published by the file; left 'Oculto' it is updated", async () => {
    const photoless = { ...lookup, withoutPhoto: new Set(["1111111"]) };
    const published = planCatalogImport(
      await readCatalogFile(file(row({ ID: "1111111", Nombre: "Suya", Precio: "1", Stock: "1" })), "USD", es),
      photoless,
      es,
    );
    expect(published.rows[0]?.problems).toEqual([
      "Fila 2, columna Visibilidad: Agrega una foto antes de publicarlo: un producto sin foto queda oculto",
    ]);
    const hidden = planCatalogImport(
      await readCatalogFile(
        file(row({ ID: "1111111", Nombre: "Suya", Precio: "1", Stock: "1", Visibilidad: "Oculto" })),
        "USD",
        es,
      ),
      photoless,
      es,
    );
    expect(hidden.rows.map((r) => [r.outcome, r.problems])).toEqual([["actualizar", []]]);
  });

  it("refuses SKUs of another product, a product named twice, and new products past the plan's limit", async () => {
    const plan = planCatalogImport(
      await readCatalogFile(
        file(
          row({ ID: "1111111", Nombre: "A", Precio: "1", "Opción 1": "Talla", "Valor 1": "S", SKU: "DE-B", Stock: "1" }),
          row({ Nombre: "B", Precio: "1", "Opción 1": "Talla", "Valor 1": "S", SKU: "DE-B2", Stock: "1" }),
          row({ Nombre: "B", "Opción 1": "Talla", "Valor 1": "M", SKU: "DE-A", Stock: "1" }),
          row({ Nombre: "C", Precio: "1", "Opción 1": "Talla", "Valor 1": "S", SKU: "DE-B3", Stock: "1" }),
          row({ Nombre: "Nueva 1", Precio: "1", Stock: "1" }),
          row({ Nombre: "Nueva 2", Precio: "1", Stock: "1" }),
        ),
        "USD",
        es,
      ),
      {
        withoutPhoto: new Set<string>(),
        productIds: new Set(["1111111", "2222222"]),
        skuOwners: new Map([
          ["DE-B", "2222222"],
          ["DE-B2", "2222222"],
          ["DE-B3", "2222222"],
          ["DE-A", "1111111"],
        ]),
        productCount: 29,
        productLimit: 30,
      },
      es,
    );
    expect(plan.problems.map((p) => problemText(p, es))).toEqual([
      "Fila 2, columna SKU: El SKU “DE-B” ya está en uso en otro producto de esta tienda",
      "Fila 4, columna SKU: El SKU “DE-A” es de otro producto de tu tienda que el SKU de la fila 3: una fila por producto",
      "Fila 5, columna SKU: Este producto ya está en la fila 3: pon todas sus filas juntas",
      "Fila 7: Limite de productos alcanzado: tu plan permite 30 productos, tienes 29 y este archivo crea 2",
    ]);
  });

  it("an unlimited plan creates any number", async () => {
    const plan = planCatalogImport(
      await readCatalogFile(text, "USD", es),
      { ...lookup, productCount: 10_000, productLimit: null },
      es,
    );
    expect(plan.problems.map((p) => p.column)).toEqual(["ID", "ID"]);
    expect(
      planCatalogImport(await readCatalogFile(file(row({ Nombre: "X", Precio: "1", Stock: "1" })), "USD", es), NO_MATCHES, es)
        .creates,
    ).toBe(1);
  });
});
