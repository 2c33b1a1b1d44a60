// `npm run dev`: Vite with hot reload on :5173 (proxying the API) and the server on :3000,
// restarted by tsx whenever server code changes.
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "src/server/main.ts"], { stdio: "inherit", env: process.env }),
  spawn("npx", ["vite"], { stdio: "inherit", env: process.env }),
];
console.log("Draftsmith dev: open http://localhost:5173 (API on :3000)");
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", (code) => code && code !== 0 && stop());
