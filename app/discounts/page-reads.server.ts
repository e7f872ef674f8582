import { storePageReads } from "~/workspace/page-reads.server";
import { codeIdOf } from "./discount-code-actions.server";
import { discountCodeCountQuery, discountCodeQuery, listDiscountCodes } from "./discount-codes.server";

/** 'Descuentos': the store's codes, newest first. */
export const discountCodesReads = storePageReads((db, { storeId }) => [listDiscountCodes(db, storeId)] as const);

/** A new code's page: how many codes the store has, against its limit. */
export const newDiscountCodeReads = storePageReads((db, { storeId }) => [discountCodeCountQuery(db, storeId)] as const);

/** A code's edit page: the code (by its id and the store's; an address that is no id reads none). */
export const editDiscountCodeReads = storePageReads(
  (db, { storeId }, { params }) => [discountCodeQuery(db, storeId, codeIdOf(params.codeId ?? ""))] as const,
);

/** A code's link as a QR: the code (by its id and the store's), as its edit page reads it. */
export const discountCodeQrReads = storePageReads(
  (db, { storeId }, { params }) => [discountCodeQuery(db, storeId, codeIdOf(params.codeId ?? ""))] as const,
);
