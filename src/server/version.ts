import { createRequire } from "node:module";

// Read once at boot from package.json, which sits at the package root in both layouts.
function readVersion(): string {
  const require = createRequire(import.meta.url);
  for (const candidate of ["../../package.json", "../package.json"]) {
    try {
      return (require(candidate) as { version: string }).version;
    } catch {
      /* try the next layout */
    }
  }
  return "0.0.0";
}

export const APP_VERSION = readVersion();
