/** Counted nouns as Spanish writes them: '1 tienda', '3 tiendas' (never 'tienda(s)'). */
export const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const storesCount = (n: number) => counted(n, "tienda", "tiendas");

export const ordersCount = (n: number) => counted(n, "pedido", "pedidos");

/** 'Se agregó 1 imagen', 'Se agregaron 3 productos': the verb agrees with the count too. */
export const addedCount = (n: number, one: string, many: string) =>
  `${n === 1 ? "Se agregó" : "Se agregaron"} ${counted(n, one, many)}`;
