import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const ROOT = path.join(import.meta.dirname, "..");

/** The compiled server that `npm run build` writes and `npm run start:prod` runs (docs/decisions/028-production-build.md). */
export const COMPILED_SERVER = path.join(ROOT, "dist", "server", "main.js");

export type ServerProcessOptions = {
  /** Runs dist/server/main.js (`npm run build`, beforehand) instead of the test run's own build. */
  compiled?: boolean;
  /** The working directory (default: the repository); DATA_DIR's default `./data` is relative to it. */
  cwd?: string;
  /** Options for node itself, before the script (e.g. `--cpu-prof`, which NODE_OPTIONS does not allow). */
  nodeArgs?: string[];
};

/**
 * The server that a test starts: the one the test run compiled (test/global-setup.ts), or, outside
 * a test run (the benchmarks), the TypeScript through tsx.
 */
function serverScript(): string[] {
  const build = process.env.TEST_SERVER_BUILD;
  return build ? [build] : ["--import", "tsx", "server/main.ts"];
}

/** The real server (`node --import tsx server/main.ts`, or the compiled one) in a child process, with its output captured. */
export class ServerProcess {
  stdout = "";
  stderr = "";
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private readonly child: ChildProcess;

  constructor(
    readonly port: number,
    env: Record<string, string>,
    options: ServerProcessOptions = {},
  ) {
    const inherited = { ...process.env };
    for (const name of [
      "DATABASE_URL",
      "SMTP_URL",
      "APP_URL",
      "NODE_ENV",
      "VAULT_MASTER_KEY",
      "RELEASE_EVIDENCE_KEY",
      "TEST_DATABASE_URL",
      "TEST_TEMPLATE_DB",
    ])
      delete inherited[name];
    this.child = spawn(
      process.execPath,
      [...(options.nodeArgs ?? []), ...(options.compiled ? [COMPILED_SERVER] : serverScript())],
      {
        cwd: options.cwd ?? ROOT,
        env: { ...inherited, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    this.child.stdout?.on("data", (d: Buffer) => (this.stdout += d.toString()));
    this.child.stderr?.on("data", (d: Buffer) => (this.stderr += d.toString()));
    this.exited = new Promise((resolve) =>
      this.child.on("exit", (code, signal) => resolve({ code, signal })),
    );
  }

  get pid(): number {
    return this.child.pid ?? 0;
  }

  /** Where to connect (the server binds 127.0.0.1) and the Origin the app expects (APP_URL). */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get origin(): string {
    return `http://localhost:${this.port}`;
  }

  /** Resolves once `text` appears on stdout or stderr (bounded polling); fails early if the process exits. */
  async waitForOutput(text: string | RegExp, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let hasExited = false;
    void this.exited.then(() => (hasExited = true));
    const seen = () =>
      typeof text === "string"
        ? (this.stdout + this.stderr).includes(text)
        : text.test(this.stdout + this.stderr);
    while (!seen()) {
      if (hasExited)
        throw new Error(`server exited before printing ${text}:\n${this.stdout}\n${this.stderr}`);
      if (Date.now() > deadline)
        throw new Error(
          `server did not print ${text} within ${timeoutMs} ms:\n${this.stdout}\n${this.stderr}`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async waitUntilListening(timeoutMs = 60_000): Promise<void> {
    await this.waitForOutput("Legacy Vault is listening on", timeoutMs);
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }

  /** A JSON request from a browser on the app's origin. */
  async json<T>(
    method: string,
    urlPath: string,
    body?: unknown,
  ): Promise<{ status: number; body: T }> {
    const res = await fetch(`${this.baseUrl}${urlPath}`, {
      method,
      headers: {
        origin: this.origin,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as T };
  }
}
