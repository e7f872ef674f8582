import { storedFileResponse } from "~/files/stored-file.server";
import { getServices } from "~/services/services";
import type { Route } from "./+types/stored-file";

/** Serves stored files (on Node, a public file is mostly answered before the app: `createStoredFileHandler`). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return storedFileResponse(getServices(context).files, params["*"]);
}
