import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/** Debian's nginx (`apt-get install nginx`; .ci/run installs it). */
export const NGINX = "/usr/sbin/nginx";
export const hasNginx = existsSync(NGINX);

/** A self-signed certificate for localhost and 127.0.0.1 in `dir`; returns its PEM (the only CA a test trusts). */
export function selfSignedCertificate(dir: string): {
  certFile: string;
  keyFile: string;
  pem: string;
} {
  const certFile = path.join(dir, "cert.pem");
  const keyFile = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
    ].concat([
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ]),
    { stdio: "pipe", timeout: 30_000 },
  );
  return { certFile, keyFile, pem: readFileSync(certFile, "utf8") };
}

/** The main context of an nginx run as this user, everything it writes kept in `dir`, with `http` as its http {} body. */
export function nginxMainConfig(dir: string, http: string): string {
  return `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}

/**
 * nginx in the foreground as one process, everything it writes kept in `dir`: TLS on
 * 127.0.0.1:`port`, relaying to the app on 127.0.0.1:`upstreamPort` as a typical site config does.
 */
export async function startNginx(options: {
  dir: string;
  port: number;
  upstreamPort: number;
  certFile: string;
  keyFile: string;
}) {
  const { dir, port, upstreamPort, certFile, keyFile } = options;
  return runNginx(
    dir,
    port,
    nginxMainConfig(
      dir,
      `  server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${certFile};
    ssl_certificate_key ${keyFile};
    location / {
      proxy_pass http://127.0.0.1:${upstreamPort};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`,
    ),
  );
}

/** nginx in the foreground with the configuration `config` (written to `dir`/nginx.conf); resolves once 127.0.0.1:`port` accepts connections. */
export async function runNginx(dir: string, port: number, config: string) {
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, config);
  const child = spawn(NGINX, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const errorLog = () =>
    existsSync(path.join(dir, "error.log"))
      ? readFileSync(path.join(dir, "error.log"), "utf8")
      : "";

  const deadline = Date.now() + 15_000;
  while (!(await canConnect(port))) {
    if (hasExited || Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not start on 127.0.0.1:${port}:\n${output}\n${errorLog()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    errorLog,
    /** SIGTERM (fast shutdown), SIGKILL if it has not gone within 5 s. */
    async stop() {
      if (hasExited) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}
