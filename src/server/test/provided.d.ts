// What the integration project's global set-up hands to test files (vitest's inject).
import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated PGlite image every fresh test database starts from (pglite-image.global.ts). */
    pgliteImage: string;
    /** On PostgreSQL, the migrated database every throwaway test database copies (postgres-template.global.ts). */
    postgresTemplate?: string;
  }
}
