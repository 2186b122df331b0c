/**
 * Runs deploy/nginx/tessera.conf.template on loopback: fills in its two variables, validates the
 * result with `nginx -t`, then starts nginx in the foreground under a prefix of its own (its pid,
 * logs and temp files), as the try-out cluster and the several-instances test use it.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { chmod } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The template in the repository: what a deployment runs, with its variables filled in. */
export const NGINX_TEMPLATE = new URL("../../deploy/nginx/tessera.conf.template", import.meta.url);

/** Where Debian puts nginx (not on a non-root PATH). */
const NGINX_CANDIDATES = ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"];

/** The nginx binary, or null when the machine has none. */
export function nginxBinary(): string | null {
  return NGINX_CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}

/** A gateway instance behind nginx. */
export interface GatewayAddress {
  host: string;
  port: number;
}

/** The template with `listen` and the `server` lines of `gateways` filled in; throws on a stray variable. */
export function renderNginxConfig(
  template: string,
  site: { listen: GatewayAddress; gateways: readonly GatewayAddress[] },
): string {
  if (site.gateways.length === 0) throw new Error("nginx needs at least one gateway instance");
  const servers = site.gateways
    .map((gateway) => `server ${gateway.host}:${gateway.port} max_fails=1 fail_timeout=5s;`)
    .join("\n    ");
  const values: Record<string, string> = {
    TESSERA_LISTEN: `${site.listen.host}:${site.listen.port}`,
    TESSERA_GATEWAYS: servers,
  };
  // Only the template's own `${NAME}` form; nginx's `$variables` are left alone.
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the nginx template uses an unknown variable ${whole}`);
    return value;
  });
}

/** nginx in the foreground, and how to stop it. */
export interface RunningNginx {
  url: string;
  prefix: string;
  process: ChildProcess;
  /** The access log so far (one line per request, paths only). */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * Writes the configuration under `prefix`, checks it with `nginx -t` (rejecting with nginx's own
 * message) and starts nginx; resolves once it answers /nginx-health.
 */
export async function startNginx(options: {
  prefix: string;
  listen: GatewayAddress;
  gateways: readonly GatewayAddress[];
}): Promise<RunningNginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed (Debian: apt-get install nginx-light)");
  const { prefix } = options;
  for (const dir of ["logs", "temp"]) mkdirSync(join(prefix, dir), { recursive: true });
  // Workers run as an unprivileged user when the master is root: they must reach the prefix.
  await chmod(prefix, 0o755);
  const conf = join(prefix, "nginx.conf");
  writeFileSync(conf, renderNginxConfig(readFileSync(NGINX_TEMPLATE, "utf8"), options));
  const args = ["-p", prefix, "-c", conf, "-e", join(prefix, "logs", "error.log")];
  try {
    await run(binary, [...args, "-t", "-q"]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`nginx refused the configuration: ${stderr.trim()}`);
  }
  const child = spawn(binary, [...args, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  const url = `http://${options.listen.host}:${options.listen.port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start: ${stderr.trim()}`);
    try {
      if ((await fetch(`${url}/nginx-health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not answer on ${url} within 10 s: ${stderr.trim()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    prefix,
    process: child,
    accessLog: () => {
      const file = join(prefix, "logs", "access.log");
      return existsSync(file) ? readFileSync(file, "utf8") : "";
    },
    stop: async () => {
      if (child.exitCode === null) {
        // SIGQUIT: graceful (open requests finish); SIGKILL after 5 s.
        child.kill("SIGQUIT");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Removes a prefix written by startNginx. */
export function removeNginxPrefix(prefix: string): void {
  rmSync(prefix, { recursive: true, force: true });
}
