import { redirect } from "react-router";
import type { Route } from "./+types/workspace-index";

export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/Store/${params.storeId}/info`);
}
