// What other areas may use of members/; they import this file, never the files behind it.
export { accessOf } from "./queries.js";
export { memberRoutes } from "./routes.js";
