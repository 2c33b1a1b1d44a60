// Sums self time per function in a V8 .cpuprofile (`node --cpu-prof`), and optionally the
// total (self + callees) time of functions whose name matches a pattern:
//   node bench/lib/profile-summary.mjs <file.cpuprofile> [top=40] [pattern]
// Lines: self ms, share of the profile, function, file:line. PROFILE_LAST_MS=<ms> keeps only
// the samples of the profile's last <ms> (the measured loop, without start-up and migrations).
import fs from "node:fs";

const [file, topArg = "40", pattern] = process.argv.slice(2);
if (!file) {
  console.error("usage: profile-summary.mjs <file.cpuprofile> [top] [pattern]");
  process.exit(2);
}
const profile = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
const lastMs = Number(process.env.PROFILE_LAST_MS ?? 0);
const startAt = lastMs > 0 ? profile.endTime - lastMs * 1000 : -Infinity;
let at = profile.startTime;
// timeDeltas[i] is the time before samples[i]; each sample's time goes to its node.
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i] ?? 0;
  if (at < startAt) continue;
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i + 1] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const label = (n) => {
  const f = n.callFrame;
  const where = f.url ? `${f.url.replace(/^.*\/(node_modules|src|bench)\//, "$1/")}:${f.lineNumber + 1}` : "";
  return `${f.functionName || "(anonymous)"}\t${where}`;
};
const selfByFunction = new Map();
for (const [id, us] of selfUs) {
  const key = label(byId.get(id));
  selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + us);
}
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
for (const [key, us] of [...selfByFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg))) {
  console.log(`${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
}
if (pattern) {
  // Total time under each matching function, counting a recursive call once.
  const re = new RegExp(pattern);
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const totals = new Map();
  for (const [id, us] of selfUs) {
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const key = label(byId.get(at));
      if (!re.test(key) || seen.has(key)) continue;
      seen.add(key);
      totals.set(key, (totals.get(key) ?? 0) + us);
    }
  }
  console.log(`\ntotal time under functions matching /${pattern}/:`);
  for (const [key, us] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg))) {
    console.log(`${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
  }
}
