// Run by npm after an install (`postinstall`). On a Node older than the project's, npm has just printed an
// 'EBADENGINE Unsupported engine' warning for the app and for each tool that asks for Node 22: say they are expected,
// so the install does not read as failed. npm names the Node it ran on in its user agent ('npm/11.6.2 node/v20.19.0 …');
// this script itself already runs on the `node` devDependency's Node 22.
const agent = process.env.npm_config_user_agent ?? "";
const major = Number(/\bnode\/v(\d+)\./.exec(agent)?.[1] ?? 0);
if (major > 0 && major < 22) {
  console.log(
    `Installed. The 'npm warn EBADENGINE Unsupported engine' lines above are expected on Node ${major}: the app and some of ` +
      "its tools ask for Node 22, which the `node` devDependency installed, and every npm script (npm start, npm test) " +
      "runs on it. Nothing else is needed.",
  );
}
