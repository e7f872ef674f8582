import { defineMessages } from "~/domain/messages";

/** The workspace's 403 (a role without the section): said on the server, and the root's neutral words. */
export const FORBIDDEN = defineMessages({
  title: { id: "workspace.forbidden.title", defaultMessage: "No tienes acceso a esta sección" },
  description: {
    id: "workspace.forbidden.description",
    defaultMessage: "Tu rol en esta tienda no incluye esta sección. Si la necesitas, pídele acceso al dueño de la tienda.",
  },
});
