import { notFound } from "~/http/responses";
import type { RouteHandle } from "./root";

export const handle: RouteHandle = { hydrate: false };

export function loader() {
  notFound();
}

export default function NotFound() {
  return null;
}
