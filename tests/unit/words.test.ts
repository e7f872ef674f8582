import { expect, it } from "vitest";
import { addedCount, counted, storesCount } from "~/domain/words";

it("counts nouns in Spanish, never 'tienda(s)'", () => {
  expect(storesCount(1)).toBe("1 tienda");
  expect(storesCount(2)).toBe("2 tiendas");
  expect(storesCount(0)).toBe("0 tiendas");
  expect(counted(1, "pedido", "pedidos")).toBe("1 pedido");
  expect(addedCount(1, "imagen", "imágenes")).toBe("Se agregó 1 imagen");
  expect(addedCount(3, "foto", "fotos")).toBe("Se agregaron 3 fotos");
});
