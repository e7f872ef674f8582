// `npm run vapid:keys`: a new VAPID key pair for Web Push (new-order notices), printed as the three
// settings to copy into the environment or `wrangler secret put`. Keep VAPID_PRIVATE_KEY secret; a
// new pair later makes every browser subscribe again (their subscriptions are bound to the public key).
import { generateVapidKeyPair } from "../app/notifications/web-push/vapid";

const keys = await generateVapidKeyPair();
console.log(
  [
    `VAPID_PUBLIC_KEY=${keys.publicKey}`,
    `VAPID_PRIVATE_KEY=${keys.privateKey}`,
    "VAPID_SUBJECT=mailto:soporte@tu-dominio.com",
  ].join("\n"),
);
