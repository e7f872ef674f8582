import type { Config } from "@react-router/dev/config";

// One app, two runtimes: VITRINA_TARGET=cloudflare builds the Worker, anything else the Node server.
const target = process.env.VITRINA_TARGET === "cloudflare" ? "cloudflare" : "node";

export default {
  ssr: true,
  buildDirectory: `build/${target}`,
} satisfies Config;
