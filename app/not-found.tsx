import { data } from "react-router";
import type { RouteHandle } from "./root";

export const handle: RouteHandle = { hydrate: false };

export function loader() {
  throw data({ kind: "not_found" }, { status: 404 });
}

export default function NotFound() {
  return null;
}
