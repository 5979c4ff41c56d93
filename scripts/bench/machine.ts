/** Facts about the machine and nginx for the report; installs nginx when it is missing and we are root. */
import { execSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { root } from "../build-if-stale.mjs";
import { NGINX } from "./config";

export function machineFacts() {
  const cpuinfo = fs.existsSync("/proc/cpuinfo") ? fs.readFileSync("/proc/cpuinfo", "utf8") : "";
  const cpu = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown";
  const osRelease = fs.existsSync("/etc/os-release") ? fs.readFileSync("/etc/os-release", "utf8") : "";
  const distro = /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(osRelease)?.[1] ?? os.type();
  const autocannonVersion = (
    JSON.parse(fs.readFileSync(path.join(root, "node_modules/autocannon/package.json"), "utf8")) as {
      version: string;
    }
  ).version;
  return {
    cpu,
    cores: os.availableParallelism(),
    ram: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: `${distro}, Linux ${os.release()}`,
    node: process.version,
    autocannon: autocannonVersion,
    threadpool: process.env.UV_THREADPOOL_SIZE
      ? `${process.env.UV_THREADPOOL_SIZE} (UV_THREADPOOL_SIZE)`
      : "4 (default)",
    loadBefore: loadAverage(),
  };
}

/** The load average over 1, 5 and 15 minutes, as uptime prints it. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

function nginxVersion(): string | null {
  // nginx -v prints to stderr
  const res = spawnSync(NGINX, ["-v"], { encoding: "utf8" });
  if (res.status !== 0) return null;
  return `${res.stderr}${res.stdout}`.trim().replace(/^nginx version: /, "") || null;
}

/** nginx's version line, installing Debian's package when it is missing and we are root; null to skip. */
export function ensureNginx(): { version: string | null; note?: string } {
  if (!fs.existsSync(NGINX)) {
    const howTo = "install it with `apt-get install -y nginx` (Debian's package), or set NGINX to its path";
    if (process.getuid?.() === 0 && fs.existsSync("/usr/bin/apt-get")) {
      console.log("nginx is not installed: installing Debian's package (apt-get install -y nginx)…");
      try {
        execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx", {
          stdio: "inherit",
        });
      } catch {
        return { version: null, note: `nginx is not installed and apt-get could not install it: ${howTo}.` };
      }
    } else {
      console.log(`nginx is not installed at ${NGINX}: ${howTo}. The nginx comparison is skipped.`);
      return { version: null, note: `nginx was not installed at ${NGINX} (${howTo}).` };
    }
  }
  const version = nginxVersion();
  return version ? { version } : { version: null, note: `${NGINX} -v failed, so the comparison was skipped.` };
}
