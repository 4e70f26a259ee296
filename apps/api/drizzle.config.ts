import { defineConfig } from 'drizzle-kit';

// Generation needs no database: migrations are made from the schema and committed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
