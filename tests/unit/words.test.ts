import { expect, it } from "vitest";
import { addedCount, counted, forCount, leftCount, storesCount } from "~/domain/words";

it("counts nouns in Spanish, never 'tienda(s)'", () => {
  expect(storesCount(1)).toBe("1 tienda");
  expect(storesCount(2)).toBe("2 tiendas");
  expect(storesCount(0)).toBe("0 tiendas");
  expect(counted(1, "pedido", "pedidos")).toBe("1 pedido");
  expect(addedCount(1, "imagen", "imágenes")).toBe("Se agregó 1 imagen");
  expect(addedCount(3, "foto", "fotos")).toBe("Se agregaron 3 fotos");
});

it("chooses a word's form by Spanish plural rules, and the verb agrees: 'te queda 1 espacio'", () => {
  expect(forCount(1, "queda", "quedan")).toBe("queda");
  expect(forCount(0, "queda", "quedan")).toBe("quedan");
  expect(forCount(2, "espacio", "espacios")).toBe("espacios");
  expect(forCount(1.5, "espacio", "espacios")).toBe("espacios");
  expect(counted(0, "espacio", "espacios")).toBe("0 espacios");
  expect(leftCount(1, "espacio", "espacios")).toBe("queda 1 espacio");
  expect(leftCount(3, "espacio", "espacios")).toBe("quedan 3 espacios");
  expect(leftCount(0, "espacio", "espacios")).toBe("quedan 0 espacios");
  expect(leftCount(1)).toBe("queda 1");
  expect(leftCount(5)).toBe("quedan 5");
});
