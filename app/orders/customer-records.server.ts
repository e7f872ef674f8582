// The customers table: every write of it, and the customer list's reads. A customer is made or found when an order is
// placed (in the order's own batch), known by their number (E.164) or their email, unique per store for each; the
// list's figures are read from their orders (docs/product-rules.md, "Customers").
import { and, asc, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import {
  CUSTOMERS_CSV_MAX,
  type CustomerKey,
  type CustomerListQuery,
  type CustomerSort,
  likePattern,
  MERGE_CANDIDATES_MAX,
} from "~/domain/customers";
import type { Db } from "~/services/db";
import type { IdRef } from "~/workspace/page-reads.server";
import { customers, sales } from "../../db/schema";

/** The customer an order's buyer is, as a subquery: the one with their number first, else the one with their email. */
export function matchedCustomerId(storeId: string, key: CustomerKey): SQL {
  return sql`(select ${customers.id} from ${customers} where ${customers.storeId} = ${storeId}
    and (${customers.phone} = ${key.phone} or ${customers.email} = ${key.email})
    order by case when ${customers.phone} = ${key.phone} then 0 else 1 end, ${customers.id} limit 1)`;
}

/**
 * The buyer of an order in the store's list: added when no customer has their number or email; otherwise the found
 * one takes any contact it lacked (unless another customer has it) and, with `rename`, the name written this time.
 */
export function rememberCustomerStatements(
  db: Db,
  storeId: string,
  buyer: { name: string; rename: boolean },
  key: CustomerKey,
  now: Date,
) {
  const { name } = buyer;
  const taken = (column: typeof customers.phone | typeof customers.email, value: string | null) =>
    sql`exists (select 1 from ${customers} other where other.store_id = ${storeId} and other.${sql.identifier(column.name)} = ${value})`;
  return [
    db.run(sql`insert into customers (store_id, name, phone, email, created_at, updated_at)
      select ${storeId}, ${name}, ${key.phone}, ${key.email}, ${now.getTime()}, ${now.getTime()}
      where not exists (select 1 from customers where store_id = ${storeId} and (phone = ${key.phone} or email = ${key.email}))`),
    db
      .update(customers)
      .set({
        ...(buyer.rename ? { name } : {}),
        updatedAt: now,
        phone: sql`coalesce(${customers.phone}, case when ${taken(customers.phone, key.phone)} then null else ${key.phone} end)`,
        email: sql`coalesce(${customers.email}, case when ${taken(customers.email, key.email)} then null else ${key.email} end)`,
      })
      .where(eq(customers.id, matchedCustomerId(storeId, key))),
  ] as const;
}

/** The merge's last step: the kept customer takes the number and email it lacked from the one merged into it. */
export const absorbContactStatement = (db: Db, storeId: string, keptId: number, from: CustomerKey, now: Date) =>
  db
    .update(customers)
    .set({
      phone: sql`coalesce(${customers.phone}, ${from.phone})`,
      email: sql`coalesce(${customers.email}, ${from.email})`,
      updatedAt: now,
    })
    .where(and(eq(customers.id, keptId), eq(customers.storeId, storeId)));

export const deleteCustomerStatement = (db: Db, storeId: string, customerId: number) =>
  db.delete(customers).where(and(eq(customers.id, customerId), eq(customers.storeId, storeId)));

// ——— Reads ———

/** A customer's figures from their orders (CustomerSummary): the store's currency names which totals add up. */
function summaryColumns(currency: string) {
  return {
    id: customers.id,
    name: customers.name,
    phone: customers.phone,
    email: customers.email,
    orders: sql<number>`coalesce(sum(case when ${sales.state} <> 'Cancelada' then 1 else 0 end), 0)`.mapWith(Number),
    spent:
      sql<number>`coalesce(sum(case when ${sales.state} = 'Confirmada' and ${sales.currency} = ${currency} then ${sales.total} else 0 end), 0)`.mapWith(
        Number,
      ),
    lastOrderAt: sql<Date | null>`max(${sales.createdAt})`.mapWith((v: number | null) => (v === null ? null : new Date(v))),
  };
}

const ORDER_BY: Record<CustomerSort, (c: ReturnType<typeof summaryColumns>) => SQL[]> = {
  recent: (c) => [sql`${c.lastOrderAt} desc`, desc(customers.id)],
  orders: (c) => [sql`${c.orders} desc`, sql`${c.lastOrderAt} desc`, desc(customers.id)],
  spent: (c) => [sql`${c.spent} desc`, sql`${c.lastOrderAt} desc`, desc(customers.id)],
  name: () => [sql`${customers.name} collate nocase`, asc(customers.id)],
};

function searchFilter(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search.toLowerCase());
  const digits = search.replace(/\D/g, "");
  return or(
    sql`lower(${customers.name}) like ${pattern} escape '\\'`,
    sql`${customers.email} like ${pattern} escape '\\'`,
    // A number searched as typed ('11 5555', '+54 9…'): its digits inside the stored E.164.
    digits.length >= 3 ? sql`${customers.phone} like ${likePattern(digits)}` : undefined,
  );
}

/** The store's customers the list shows (`limit + 1`: the extra one tells of more), with their figures. */
export function customerListQuery(db: Db, store: { id: IdRef; currency: string }, query: CustomerListQuery) {
  const columns = summaryColumns(store.currency);
  return db
    .select(columns)
    .from(customers)
    .leftJoin(sales, eq(sales.customerId, customers.id))
    .where(and(eq(customers.storeId, store.id), searchFilter(query.search)))
    .groupBy(customers.id)
    .orderBy(...ORDER_BY[query.sort](columns))
    .limit(query.limit + 1);
}

/** The whole list for the CSV export, in the list's order. */
export const customerCsvQuery = (db: Db, store: { id: IdRef; currency: string }, query: Omit<CustomerListQuery, "limit">) =>
  customerListQuery(db, store, { ...query, limit: CUSTOMERS_CSV_MAX - 1 });

/** One customer of the store with their figures, or none (unknown id or another store's: the same answer). */
export function customerQuery(db: Db, store: { id: IdRef; currency: string }, customerId: number) {
  return db
    .select(summaryColumns(store.currency))
    .from(customers)
    .leftJoin(sales, eq(sales.customerId, customers.id))
    .where(and(eq(customers.id, customerId), eq(customers.storeId, store.id)))
    .groupBy(customers.id);
}

/** A customer's orders, newest first (the detail page). */
export const customerOrdersQuery = (db: Db, storeId: IdRef, customerId: number) =>
  db
    .select({
      id: sales.id,
      state: sales.state,
      total: sales.total,
      currency: sales.currency,
      createdAt: sales.createdAt,
    })
    .from(sales)
    .where(and(eq(sales.customerId, customerId), eq(sales.storeId, storeId)))
    .orderBy(desc(sales.createdAt), desc(sales.id));

/** The other customers the detail page offers to merge with, by name. */
export const mergeCandidatesQuery = (db: Db, storeId: IdRef, customerId: number) =>
  db
    .select({ id: customers.id, name: customers.name, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(and(eq(customers.storeId, storeId), ne(customers.id, customerId)))
    .orderBy(sql`${customers.name} collate nocase`, asc(customers.id))
    .limit(MERGE_CANDIDATES_MAX);

/** One customer's contact, for a merge or a deletion: scoped to the store. */
export const customerContactQuery = (db: Db, storeId: string, customerId: number) =>
  db
    .select({ id: customers.id, name: customers.name, phone: customers.phone, email: customers.email })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.storeId, storeId)));
