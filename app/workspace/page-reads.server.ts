import { type SQL, sql } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { createContext, type Params, type RouterContextProvider } from "react-router";
import type { Db } from "~/services/db";
import { getServices } from "~/services/services";
import { merchantContext, ownedStoreContext, type Store } from "./context.server";

/**
 * A merchant page's reads, declared so that the merchant guard can send them in its own batch (decision 0069): one
 * round trip for the session, the store and the page. Ids name what the page reads: the plain id once the guard let
 * the request in, or, in the guard's batch (before anything is checked), a subquery that yields the id only to a
 * live session with the right to read the page, and null, so no rows, to anyone else.
 */
export type IdRef = string | SQL<string | null>;

/**
 * A row's store as the condition beside ids it is looked up by when those ids are a subquery (a page's own, or the
 * rows another statement names): written `+store_id`, which SQLite cannot look up by an index, so that it looks the
 * ids up instead of walking the store's every row (and sorting them) for them.
 */
export const storeBesideIds = (column: SQLiteColumn, storeId: IdRef | SQL) => sql`+${column} = ${storeId}`;

export interface ReadScope {
  /** The store of `/Store/{storeId}/…` (an id no store has on other pages). */
  storeId: IdRef;
  /** The signed-in user. */
  userId: IdRef;
}

/** What a page's reads are built from: its address (the request's, search included) and the request's time. */
export interface PageAddress {
  url: URL;
  params: Params;
  now: Date;
}

/** The store's fields some pages' statements are built from (its day, its country's search rules, its currency). */
export type StoreFacts = Pick<Store, "timeZone" | "country" | "currency">;

type Statements = readonly [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];

export interface PageReads<T extends Statements = Statements> {
  statements(db: Db, scope: ReadScope, address: PageAddress, store: StoreFacts | null): T;
  /** A store's page ('store'), built from the store's fields too ('store-facts'), or a page of the account. */
  kind: "account" | "store" | "store-facts";
  /** A page of nested routes: each route loader's own reads, in the order of `statements`. */
  parts?: readonly PageReads[];
}

/** A page of the account (outside any store): its reads are the user's. */
export const accountPageReads = <T extends Statements>(
  statements: (db: Db, scope: ReadScope, address: PageAddress) => T,
): PageReads<T> => ({ statements: (db, scope, address) => statements(db, scope, address), kind: "account" });

/** A store page's reads that need only its address and the store's id. */
export const storePageReads = <T extends Statements>(
  statements: (db: Db, scope: ReadScope, address: PageAddress) => T,
): PageReads<T> => ({ statements: (db, scope, address) => statements(db, scope, address), kind: "store" });

/**
 * A store page's reads built from the store's fields too: the guard's batch builds them from the fields last seen
 * (none yet: the page reads on its own), and they count only if the store still has them.
 */
export const storeFactsPageReads = <T extends Statements>(
  statements: (db: Db, scope: ReadScope, address: PageAddress, store: StoreFacts) => T,
): PageReads<T> => ({
  statements: (db, scope, address, store) => {
    if (!store) throw new Error("a store page's reads built without its store");
    return statements(db, scope, address, store);
  },
  kind: "store-facts",
});

/**
 * A page whose address matches nested routes (a sale open beside the sales desk): the reads of each route's loader,
 * sent together in the guard's batch, each loader finding its own answers.
 */
export const nestedPageReads = (...parts: readonly [PageReads, PageReads, ...PageReads[]]): PageReads => ({
  statements: (db, scope, address, store) =>
    parts.flatMap((part) => part.statements(db, scope, address, store)) as unknown as Statements,
  kind: parts.some((part) => part.kind === "store-facts") ? "store-facts" : "store",
  parts,
});

/** The answers the guard's batch brought for each of the page's reads, set only once the guard let the request in. */
export const pageResultsContext = createContext<ReadonlyMap<PageReads, readonly unknown[]> | null>(null);

/**
 * The page's reads: the answers the guard's batch brought, or (a loader after an action, a page whose store changed
 * the fields its reads were built from) one batch of its own, scoped by the store and the user the guard let in.
 */
export async function readPage<T extends Statements>(
  context: Readonly<RouterContextProvider>,
  reads: PageReads<T>,
  args: { request?: Request; params?: Params },
): Promise<BatchResponse<T>> {
  const prefetched = context.get(pageResultsContext)?.get(reads);
  if (prefetched) return prefetched as BatchResponse<T>;
  const { db, clock } = getServices(context);
  const store = reads.kind === "account" ? null : context.get(ownedStoreContext);
  const scope = { storeId: store?.id ?? "", userId: context.get(merchantContext).id };
  const address = { url: new URL(args.request?.url ?? "http://localhost/"), params: args.params ?? {}, now: clock.now() };
  return db.batch(reads.statements(db, scope, address, store));
}

/**
 * The fields each store had when last seen by this server, for the reads built from them ahead of the guard's answer:
 * a guess, compared with the store the same batch brings (a store whose fields changed reads its page again).
 */
const lastSeen = new Map<string, StoreFacts>();
const LAST_SEEN_MAX = 1000;

export const lastSeenStore = (storeId: string): StoreFacts | null => lastSeen.get(storeId) ?? null;

export function rememberStore(store: Store): void {
  lastSeen.delete(store.id);
  if (lastSeen.size >= LAST_SEEN_MAX) {
    const oldest = lastSeen.keys().next().value;
    if (oldest !== undefined) lastSeen.delete(oldest);
  }
  lastSeen.set(store.id, { timeZone: store.timeZone, country: store.country, currency: store.currency });
}

export const sameStoreFacts = (a: StoreFacts, b: StoreFacts) =>
  a.timeZone === b.timeZone && a.country === b.country && a.currency === b.currency;
