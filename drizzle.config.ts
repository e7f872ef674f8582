import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations from db/schema.ts.
// `npm run db:migrate` applies them: to Turso when TURSO_DATABASE_URL is set
// (with TURSO_AUTH_TOKEN), otherwise to the local file database.
const tursoUrl = process.env.TURSO_DATABASE_URL;

export default tursoUrl
  ? defineConfig({
      schema: "./db/schema.ts",
      out: "./migrations",
      dialect: "turso",
      dbCredentials: { url: tursoUrl, authToken: process.env.TURSO_AUTH_TOKEN },
    })
  : defineConfig({
      schema: "./db/schema.ts",
      out: "./migrations",
      dialect: "sqlite",
      dbCredentials: { url: `file:${process.env.DATA_DIR ?? ".data"}/vitrina.db` },
    });
