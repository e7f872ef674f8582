// Entry of the single-machine server. React's package entry picks its development or production
// build from NODE_ENV when first loaded; the build keeps React external, so without this every
// page rendered with the development build (about twice the CPU per page). Set it before
// anything imports React. The settings are read and checked before the app is loaded (loading
// it takes a second of CPU), so a deployment missing one stops at once, naming it.
import { ConfigError } from "../app/services/config";
import { readSettings } from "./settings";

process.env.NODE_ENV ??= "production";
try {
  const settings = await readSettings(process.env);
  const { startServer } = await import("./main");
  await startServer(settings);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
