// What other areas may use of versions/; they import this file, never the files behind it.
export { authorOf, readVersion } from "./queries.js";
export { purgeExpiredVersions } from "./retention.js";
export { versionRoutes } from "./routes.js";
export { keepFirstVersion, snapshotIfChanged, snapshotIfDue } from "./snapshots.js";
