// Makes sure the app is built once before any end-to-end file starts a server.
export default async function setup() {
  // @ts-expect-error: plain ESM script without types
  const { buildAll } = await import("../../scripts/build.mjs");
  await buildAll({ quiet: true });
}
