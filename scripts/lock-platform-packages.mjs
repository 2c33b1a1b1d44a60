// The registry this project installs from serves only the Linux x64/arm64 builds of some
// native packages (Biome, Tailwind's oxide). npm then leaves the other platforms' optional
// packages out of package-lock.json, and `npm ci` rejects the lock as out of sync. This
// adds those entries back with their os/cpu constraints, so npm ci skips them as it would
// any other foreign-platform binary. Run after `npm install` changes the lock.
import fs from "node:fs";

const LOCK = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(LOCK, "utf8"));
const pkgs = lock.packages;

function platformOf(name) {
  const n = name.split("/").pop();
  const os = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "sunos", "aix", "netbsd"].find((o) => n.includes(o));
  const cpu = ["arm64", "x64", "ia32", "arm", "wasm32", "riscv64", "s390x", "ppc64", "loong64"].find((c) => n.includes(c));
  const entry = {};
  if (os) entry.os = [os];
  if (cpu) entry.cpu = [cpu === "arm" && n.includes("gnueabihf") ? "arm" : cpu];
  if (n.includes("musl")) entry.libc = ["musl"];
  if (n.includes("wasm32")) entry.cpu = ["wasm32"];
  return entry;
}

let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ""}node_modules/${dep}`;
    const top = `node_modules/${dep}`;
    if (pkgs[nested] || pkgs[top]) continue;
    pkgs[top] = { version, ...(meta.dev ? { dev: true } : {}), optional: true, ...platformOf(dep) };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} foreign-platform optional entries`);
