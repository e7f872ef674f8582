import { redirect } from "react-router";
import { roleHome } from "~/domain/staff-roles";
import { storeRoleContext } from "~/workspace/context.server";
import type { Route } from "./+types/workspace-index";

/** The store's address: each role to its first section (the owner and administrators to 'Información'). */
export function loader({ params, context }: Route.LoaderArgs) {
  throw redirect(`/Store/${params.storeId}/${roleHome(context.get(storeRoleContext))}`);
}
