/**
 * A store's staff and what each role may open (docs/decisions/0064-staff-roles.md). The one table of the workspace's
 * authorization: every page under /Store/{storeId}/ by its path pattern (as app/routes.ts writes it, below the store),
 * with the roles that may read it (GET, HEAD) and the roles that may change something through it (any other method).
 * A path no pattern matches is refused; tests/unit/staff-roles.test.ts checks the table against app/routes.ts.
 */

export const STAFF_ROLES = ["sales", "catalog", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** Who the signed-in user is in a store: its owner or a member with a role. */
export type StoreRole = "owner" | StaffRole;

export const ROLE_LABELS: Record<StaffRole, string> = { sales: "Ventas", catalog: "Catálogo", admin: "Administrador" };

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  sales: "Ventas, clientes, carritos abandonados y estadísticas.",
  catalog: "Productos, fotos, secciones, promociones, descuentos y diseño.",
  admin: "Todo en la tienda, salvo la facturación, los cobros en línea, el dominio propio, el equipo y eliminar la tienda.",
};

/** An invitation is valid this long after it is sent, and used once. */
export const INVITATION_DAYS = 7;

export interface AccessRule {
  read: readonly StoreRole[];
  change: readonly StoreRole[];
  /** A form `intent` whose change only these roles may make (the info page's 'Eliminar tienda'). */
  intents?: Readonly<Record<string, readonly StoreRole[]>>;
}

const OWNER: readonly StoreRole[] = ["owner"];
const MANAGERS: readonly StoreRole[] = ["owner", "admin"];
const SALES: readonly StoreRole[] = ["owner", "admin", "sales"];
const CATALOG: readonly StoreRole[] = ["owner", "admin", "catalog"];
const EVERYONE: readonly StoreRole[] = ["owner", "admin", "sales", "catalog"];
const NOBODY: readonly StoreRole[] = [];

const rule = (read: readonly StoreRole[], change: readonly StoreRole[] = read): AccessRule => ({ read, change });

export const WORKSPACE_ACCESS: Readonly<Record<string, AccessRule>> = {
  // The store's address: each role is sent to its first section.
  "": rule(EVERYONE, NOBODY),
  info: { read: MANAGERS, change: MANAGERS, intents: { delete: OWNER } },
  brand: rule(CATALOG),
  // The store's QR as a poster: public material every member may print.
  "qr/cartel": rule(EVERYONE, NOBODY),
  sections: rule(CATALOG),
  delivery: rule(MANAGERS),
  politicas: rule(MANAGERS),
  products: rule(CATALOG),
  "products/new": rule(CATALOG),
  "products.csv": rule(CATALOG),
  "products/import": rule(CATALOG),
  "products/poco-stock": rule(CATALOG),
  "products/:productId": rule(CATALOG),
  "products/:productId/photos": rule(CATALOG),
  "section/:sectionId": rule(CATALOG),
  "section/:sectionId/new/:type": rule(CATALOG),
  sales: rule(SALES),
  "sales/:saleId": rule(SALES),
  "sales/new": rule(SALES),
  "sales/imprimir": rule(SALES),
  "sales.csv": rule(SALES),
  // A transfer's receipt is the sale's data: the sales desk's.
  "sales/:saleId/receipt": rule(SALES),
  customers: rule(SALES),
  "customers.csv": rule(SALES),
  "customers/:customerId": rule(SALES),
  carritos: rule(SALES),
  // New-order notices on this device: the sales desk's toggle.
  notifications: rule(SALES),
  discounts: rule(CATALOG),
  "discounts/new": rule(CATALOG),
  "discounts/:codeId": rule(CATALOG),
  "discounts/:codeId/qr/:format": rule(CATALOG),
  promociones: rule(CATALOG),
  "promociones/nueva": rule(CATALOG),
  "promociones/:promotionId": rule(CATALOG),
  look: rule(CATALOG),
  dominio: rule(OWNER),
  cobros: rule(MANAGERS),
  payments: rule(OWNER),
  redes: rule(CATALOG),
  estadisticas: rule(SALES),
  conversiones: rule(MANAGERS),
  equipo: rule(OWNER),
  // 'Actividad': who changed what, read only (its page and CSV take no change).
  actividad: rule(MANAGERS, NOBODY),
  "actividad.csv": rule(MANAGERS, NOBODY),
};

const segmentsOf = (path: string) => (path === "" ? [] : path.split("/"));

/**
 * The rule of a path below /Store/{storeId}/ (no leading slash, no `.data`), or null when no pattern matches. Of the
 * patterns that match, the one with more fixed segments wins ('sales/new' over 'sales/:saleId'), as the router picks.
 */
export function accessRuleOf(path: string, table: Readonly<Record<string, AccessRule>> = WORKSPACE_ACCESS): AccessRule | null {
  const segments = segmentsOf(path.replace(/\/+$/, ""));
  let best: { rule: AccessRule; fixed: number } | null = null;
  for (const [pattern, accessRule] of Object.entries(table)) {
    const parts = segmentsOf(pattern);
    if (parts.length !== segments.length) continue;
    let fixed = 0;
    const matches = parts.every((part, i) => {
      const segment = segments[i] ?? "";
      if (part.startsWith(":")) return segment !== "";
      fixed++;
      return part === segment;
    });
    if (matches && (!best || fixed > best.fixed)) best = { rule: accessRule, fixed };
  }
  return best?.rule ?? null;
}

/** Whether `role` may make this request: a read, or a change (with its form's `intent` when the rule names some). */
export function mayAccess(rule: AccessRule | null, role: StoreRole, change: boolean, intent?: string | null): boolean {
  if (!rule) return false;
  if (!change) return rule.read.includes(role);
  const byIntent = intent ? rule.intents?.[intent] : undefined;
  return (byIntent ?? rule.change).includes(role);
}

/** Whether a role may open a section, by its path below the store: the tabs a member sees. */
export const mayOpen = (role: StoreRole, path: string) => mayAccess(accessRuleOf(path), role, false);

/** Where a role lands when it opens the store. */
export const roleHome = (role: StoreRole) => (role === "sales" ? "sales" : role === "catalog" ? "products" : "info");
