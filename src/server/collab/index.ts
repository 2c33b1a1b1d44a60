// What other areas may use of collab/; they import this file, never the files behind it.
export { collabRoutes } from "./routes.js";
export { type Collab, COLLAB_LIMITS, createCollab } from "./server.js";
