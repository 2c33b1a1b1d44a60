// What other areas may use of search/; they import this file, never the files behind it.
export { searchRoutes } from "./routes.js";
export { refreshRestingVectors } from "./refresh.js";
