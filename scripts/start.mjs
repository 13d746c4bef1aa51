// `npm start`: builds when no build exists, then serves server.ts (TypeScript, run through tsx).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync("build/index.js") || !existsSync("public/build")) {
  console.log("No build found: building first (npm run build)...");
  const result = spawnSync("npx", ["remix", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
