const spanishPlurals = new Intl.PluralRules("es");

/** Which of a word's two forms a count takes, by Spanish plural rules: 'espacio' for 1, 'espacios' for 0, 2, 1,5. */
export const forCount = (n: number, one: string, many: string) => (spanishPlurals.select(n) === "one" ? one : many);

/** Counted nouns as Spanish writes them: '1 tienda', '3 tiendas' (never 'tienda(s)'). */
export const counted = (n: number, one: string, many: string) => `${n} ${forCount(n, one, many)}`;

export const storesCount = (n: number) => counted(n, "tienda", "tiendas");

/** 'Se agregó 1 imagen', 'Se agregaron 3 productos': the verb agrees with the count too. */
export const addedCount = (n: number, one: string, many: string) =>
  `${forCount(n, "Se agregó", "Se agregaron")} ${counted(n, one, many)}`;

/** What is left, the verb agreeing: 'queda 1 espacio', 'quedan 3 espacios'; without a noun 'queda 1', 'quedan 5'. */
export const leftCount = (n: number, one?: string, many?: string) =>
  `${forCount(n, "queda", "quedan")} ${one && many ? counted(n, one, many) : n}`;
