/**
 * The reference relay: Debian's nginx, started by the benchmark with a configuration generated in a
 * temporary folder (prefix, pid, logs and temp paths all there; nothing under /etc or /var is
 * touched), listening on loopback, proxying REST with upstream keep-alive and WebSockets with the
 * usual Upgrade/Connection mapping to the same upstream as every other relay.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** nginx worker processes: one, as the gateway is one Node process (one core). */
export const NGINX_WORKERS = 1;
/** Idle keep-alive connections nginx keeps to the upstream (the gateway's pool keeps up to 128). */
export const NGINX_UPSTREAM_KEEPALIVE = 128;

/** The nginx binary, or null when it is not installed. */
export function findNginx(): string | null {
  for (const candidate of ["nginx", "/usr/sbin/nginx"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {
      // try the next one
    }
  }
  return null;
}

/** The configuration: REST under /api/ and the hubs under /hubs/, to 127.0.0.1:`upstreamPort`. */
export function nginxConfig(prefix: string, port: number, upstreamPort: number): string {
  return `daemon off;
master_process on;
worker_processes ${NGINX_WORKERS};
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 16384; }
http {
  access_log off;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  upstream bench_upstream {
    server 127.0.0.1:${upstreamPort};
    keepalive ${NGINX_UPSTREAM_KEEPALIVE};
  }
  map $http_upgrade $connection_upgrade { default upgrade; "" close; }
  server {
    listen 127.0.0.1:${port};
    location /api/ {
      proxy_pass http://bench_upstream;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
    }
    location /hubs/ {
      proxy_pass http://bench_upstream;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 300s;
    }
  }
}
`;
}

export interface RunningNginx {
  process: ChildProcess;
  pid: number;
  url: string;
  stop(): Promise<void>;
}

/** Starts nginx on `port`; resolves once it accepts requests. */
export async function startNginx(binary: string, port: number, upstreamPort: number): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), "tessera-bench-nginx-"));
  // Workers drop root privileges (user nobody): they must reach the temp paths.
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, "tmp"), { mode: 0o777 });
  chmodSync(join(prefix, "tmp"), 0o777);
  const conf = join(prefix, "nginx.conf");
  writeFileSync(conf, nginxConfig(prefix, port, upstreamPort));
  const child = spawn(binary, ["-p", prefix, "-c", conf, "-e", join(prefix, "error.log")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(prefix, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) break;
    try {
      await fetch(`${url}/api/bench/small`);
      return { process: child, pid: child.pid as number, url, stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await stop();
  throw new Error("nginx did not start; see its error output above");
}
