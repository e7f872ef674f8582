/** Counted nouns as Spanish writes them: '1 tienda', '3 tiendas' (never 'tienda(s)'). */
export const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const storesCount = (n: number) => counted(n, "tienda", "tiendas");

export const ordersCount = (n: number) => counted(n, "pedido", "pedidos");
