import { spawnSync } from "node:child_process";
import { expect, it } from "vitest";

/** What `npm ci` prints last, run by the npm of a shell whose Node is `node`. */
const noteOn = (node: string) =>
  spawnSync(process.execPath, ["server/install-note.mjs"], {
    env: { ...process.env, npm_config_user_agent: `npm/11.19.1 node/${node} linux x64 workspaces/false` },
    encoding: "utf8",
  }).stdout;

it("after an install on Node 20 says the EBADENGINE warnings are expected, and says nothing on Node 22", () => {
  expect(noteOn("v20.20.2")).toContain(
    "Installed. The 'npm warn EBADENGINE Unsupported engine' lines above are expected on Node 20: the app and some of its tools ask for Node 22",
  );
  expect(noteOn("v22.23.3")).toBe("");
  expect(noteOn("v24.1.0")).toBe("");
});
