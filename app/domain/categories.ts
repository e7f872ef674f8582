/** A store's kind, written like the product categories: only the first word capitalised ('Moda y accesorios'). */
export const STORE_CATEGORIES = [
  { id: 1, name: "Moda y accesorios" },
  { id: 2, name: "Electrónica" },
  { id: 3, name: "Hogar y decoración" },
  { id: 4, name: "Belleza y cuidado personal" },
  { id: 5, name: "Deportes y aire libre" },
  { id: 6, name: "Alimentación y bebidas" },
  { id: 7, name: "Libros y entretenimiento" },
  { id: 8, name: "Salud y bienestar" },
  { id: 9, name: "Mascotas" },
  { id: 10, name: "Artesanía y manualidades" },
  { id: 11, name: "Otros" },
] as const;

export const PRODUCT_CATEGORIES = [
  "Servicio",
  "Alimentos y bebidas",
  "Tecnología",
  "Moda y belleza",
  "Hogar",
  "Automotriz",
  "Deportes y aire libre",
  "Juguetes y juegos",
  "Electrónica de consumo",
  "Salud y cuidado personal",
  "Libros y medios",
  "Música y entretenimiento",
  "Herramientas y mejoras para el hogar",
  "Arte y manualidades",
  "Mascotas",
  "Jardín y exteriores",
] as const;

/** A product's category when the merchant chose none: nothing is shown for it, on the store or in the panel. */
export const NO_CATEGORY = -1;
export const NO_CATEGORY_LABEL = "Sin categoría";

/** The category's name; undefined for NO_CATEGORY (and anything else that names none). */
export function productCategoryName(id: number): string | undefined {
  return id === NO_CATEGORY ? undefined : PRODUCT_CATEGORIES[id];
}

/** The product form's choices: 'Sin categoría' (the default), then the categories. */
export function productCategoryChoices(): Array<{ value: string; label: string }> {
  return [
    { value: String(NO_CATEGORY), label: NO_CATEGORY_LABEL },
    ...PRODUCT_CATEGORIES.map((name, id) => ({ value: String(id), label: name })),
  ];
}
