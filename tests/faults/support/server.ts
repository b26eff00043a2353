import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/**
 * The real server as an operator runs it, in a child process the fault tests can kill: `node --import tsx
 * src/server/main.ts` (not the `tsx` launcher, which runs the server in a grandchild that a `kill -9` of
 * the launcher would leave running).
 */
export const REPO = path.resolve(import.meta.dirname, '../../..');

export const FAULT_ADMIN = { username: 'faultadmin', password: 'granite harbor evening 5' };

/** A port nobody listens on just now (the kernel's choice), on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcessWithoutNullStreams;
  port: number;
  /** Everything the server printed (capped). */
  output(): string;
  /** Resolves with the exit code or signal once the process has gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
  kill9(): Promise<void>;
  /** SIGTERM: the graceful shutdown; resolves with the exit code. */
  stop(): Promise<number | null>;
  /** HTTP to this server, on a keep-alive agent of its own (no socket survives into the next server). */
  request: (method: string, url: string, opts?: RequestOptions) => Promise<Reply>;
};

export type RequestOptions = { body?: unknown; token?: string; headers?: Record<string, string>; timeoutMs?: number };
export type Reply = { status: number; headers: http.IncomingHttpHeaders; body: unknown; ms: number };

const OUTPUT_CAP = 50_000_000;

/** Starts the server with `env` on a free port; resolves once it prints that it is running. */
export async function startServer(env: Record<string, string>, opts: { port?: number } = {}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      JWT_SECRET: 'fault-tests-jwt-secret-0123456789abcdef',
      ADMIN_USERNAME: FAULT_ADMIN.username,
      ADMIN_PASSWORD: FAULT_ADMIN.password,
      ADMIN_MFA: 'optional',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
      PORT: String(port),
    },
  });
  let out = '';
  const keep = (d: Buffer) => {
    out += d.toString();
    if (out.length > OUTPUT_CAP) out = out.slice(-OUTPUT_CAP);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.includes('is running at')) resolve();
    };
    child.stdout.on('data', check);
    child.stderr.on('data', check);
    void exited.then(({ code, signal }) => reject(new Error(`server exited (${code ?? signal}) before it was ready:\n${out}`)));
    setTimeout(() => reject(new Error(`server not ready after 90 s:\n${out}`)), 90_000).unref();
  });
  try {
    await ready;
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let gone = false;
  void exited.then(() => {
    gone = true;
    agent.destroy();
  });
  return {
    child,
    port,
    output: () => out,
    exited,
    alive: () => !gone && child.exitCode === null && child.signalCode === null,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      return (await exited).code;
    },
    request: (method, url, ropts = {}) => request(agent, port, method, url, ropts),
  };
}

/** One HTTP request; rejects on a network error or when no answer came within timeoutMs. */
export function request(agent: http.Agent, port: number, method: string, url: string, opts: RequestOptions = {}): Promise<Reply> {
  const started = performance.now();
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { ...opts.headers };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, agent, headers, timeout: opts.timeoutMs ?? 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          /* not JSON: keep the text */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: performance.now() - started });
      });
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error(`no answer within ${opts.timeoutMs ?? 15_000} ms`), { code: 'CLIENT_TIMEOUT' })));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Signs the fault-test admin in (ADMIN_MFA=optional: the password alone answers a token). */
export async function signInAdmin(server: ServerProcess): Promise<string> {
  const res = await server.request('POST', '/auth/login', { body: FAULT_ADMIN });
  const token = (res.body as { access_token?: string } | undefined)?.access_token;
  if (res.status !== 200 || !token) throw new Error(`admin sign-in: ${res.status} ${JSON.stringify(res.body)}`);
  return token;
}

/** A small seeded generator (mulberry32), so a run's random choices can be repeated from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
