import { defineConfig } from 'drizzle-kit'

// `npm run db:generate` writes a new SQL migration from the schema; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
})
