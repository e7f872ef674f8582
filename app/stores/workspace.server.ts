export { notFound } from "~/http/responses";
export { ownedStoreContext } from "~/workspace/context.server";
