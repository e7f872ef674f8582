/** The store information form as the page posts it: every field present, the optional ones empty. */
export function storeInfoForm(overrides: Record<string, string | number> = {}) {
  return {
    name: "Tienda",
    category: "1",
    description: "",
    mainTitle: "",
    storeTitle: "",
    saleNumber: "",
    attentionNumber: "",
    location: "",
    timeZone: "America/Bogota",
    country: "CO",
    ...overrides,
  };
}
