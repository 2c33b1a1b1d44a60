// What the rest of ai/ uses of a user's own model connection.
export { aiConnectionRoutes } from "./routes.js";
export { userProvider } from "./user-provider.js";
