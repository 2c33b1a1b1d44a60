// Parts of packages the server bundle loads at start that this app never uses, replaced at
// build time by what it does use. Everything in the start set is compiled and run before the
// server answers; these three were ~0.55 MB of its ~4.5 MB (docs/PERFORMANCE.md, bench:start).
// - zod's messages in ~60 languages, reachable as `z.locales.xx`: the app answers in English,
//   zod's default, which its schemas load themselves (zod/v4/classic/schemas.js).
// - glob, which @fastify/static calls only to list the files of a folder served without
//   `wildcard` (src/server/http/spa.ts serves assets/ with one wildcard route).
// - mime-db, of which @fastify/compress reads one thing, whether a type is compressible:
//   the same answer comes from a table of just those types, made from mime-db at each build.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const nodeModule = (pkg) => new RegExp(`[\\\\/]node_modules[\\\\/]${pkg.replace("/", "[\\\\/]")}[\\\\/]`);
const IN_ZOD = nodeModule("zod");
const IN_STATIC = nodeModule("@fastify/static");
const IN_COMPRESS = nodeModule("@fastify/compress");

export const serverBundleTrims = {
  name: "server-bundle-trims",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      IN_ZOD.test(args.importer) ? { path: "zod-locales", namespace: "trimmed" } : undefined,
    );
    build.onResolve({ filter: /^glob$/ }, (args) => (IN_STATIC.test(args.importer) ? { path: "glob", namespace: "trimmed" } : undefined));
    build.onResolve({ filter: /^mime-db$/ }, (args) => (IN_COMPRESS.test(args.importer) ? { path: "mime-db", namespace: "trimmed" } : undefined));
    build.onLoad({ filter: /.*/, namespace: "trimmed" }, (args) => {
      switch (args.path) {
        case "zod-locales":
          return { contents: `export { default as en } from ${JSON.stringify(require.resolve("zod/v4/locales/en.js"))};`, loader: "js", resolveDir: process.cwd() };
        case "glob":
          return {
            contents: "module.exports = { glob() { throw new Error('@fastify/static lists folders only without wildcard, which this app does not use'); } };",
            loader: "js",
          };
        case "mime-db": {
          const compressible = Object.entries(require("mime-db")).filter(([, entry]) => entry.compressible === true);
          return { contents: `module.exports = ${JSON.stringify(Object.fromEntries(compressible.map(([type]) => [type, { compressible: true }])))};`, loader: "js" };
        }
      }
    });
  },
};
