import { storePageReads } from "~/workspace/page-reads.server";
import { listDiscountCodes } from "./discount-codes.server";

/** 'Descuentos': the store's codes, newest first. */
export const discountCodesReads = storePageReads((db, { storeId }) => [listDiscountCodes(db, storeId)] as const);
