import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Endpoint } from '../../src/contract/endpoint.js';
import { endpoints } from '../../src/contract/endpoints.js';
import { PROJECT_ROOT } from '../../src/server/lib/project-files.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The framework's own errors in the portal's shape: a path part
 * over 255 bytes answered 500 and logged the server's absolute path; a broken %-escape answered
 * Fastify's `FST_ERR_BAD_URL` body (the path echoed) without the security headers; a wrong method on a
 * documented path answered 404. Every one is now `{ "message" }` in plain words with the headers of every
 * answer, a wrong method is 405 with `Allow`, and no log line holds an absolute path.
 */
describe('framework errors', () => {
  let t: TestApp;
  let webRoot: string;
  let port: number;
  const lines: string[] = [];
  const inject = (method: string, url: string) => t.app.inject({ method: method as 'GET', url });

  /** The headers every answer carries (plugins/security-headers.ts), and no-store on a refusal. */
  const expectPortalRefusal = (res: LightMyRequestResponse, what: string) => {
    expect(res.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    expect(res.headers['referrer-policy'], what).toBe('no-referrer');
    expect(res.headers['cache-control'], what).toBe('no-store');
    if (res.body) {
      expect(Object.keys(res.json() as object), what).toEqual(['message']);
      expect(res.json<{ message: string }>().message, what).toMatch(/^[A-Z][^{}]*\.$/);
      expect(res.body, what).not.toMatch(/FST_|ERR_|statusCode/);
    }
  };

  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>spa</title>');
    writeFileSync(path.join(webRoot, 'assets', 'app-1.js'), 'console.log(1)');
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
    t = await startTestApp('pglite', { LOG_LEVEL: 'info', REQUEST_TIMEOUT_SECONDS: '2' }, { webRoot, logStream: stream });
    // A route of this test alone that fails as a bug would, with an fs error naming an absolute path.
    t.app.get('/test-only/fails', { config: { policy: 'public' } }, async () => readFileSync(path.join(webRoot, 'no', 'such', 'file.txt')));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t?.close());

  it('answers a path part over 255 bytes without a 500: the web app, or a 404 in plain words', async () => {
    const long = 'a'.repeat(300);
    for (const url of [`/${long}`, `/investor/${encodeURIComponent('é'.repeat(150))}`]) {
      const res = await inject('GET', url);
      expect(res.statusCode, url).toBe(200); // the web app's own routes decide what such an address shows
      expect(res.body).toContain('<title>spa</title>');
    }
    for (const url of [`/assets/${long}.js`, `/${long}/${long}.png`, `/admin/${long}`, `/pictures/${long}`, `/pictures/${long}.png`]) {
      const res = await inject('GET', url);
      expect(res.statusCode, url).toBeLessThan(500);
      if (res.statusCode === 404) expect(res.json(), url).toEqual({ message: 'Not found.' });
    }
  });

  it('logs a 500 with its file and line from the project folder, and no absolute path anywhere in the log', async () => {
    const res = await inject('GET', '/test-only/fails');
    expect(res.statusCode).toBe(500);
    await vi.waitFor(() => expect(lines.some((l) => l.includes('"request failed"'))).toBe(true));
    const failed = JSON.parse(lines.find((l) => l.includes('"request failed"'))!) as { err: { code: string; message: string; stack: string; path?: string } };
    expect(failed.err.code).toBe('ENOENT');
    expect(failed.err.message).toBe("ENOENT: no such file or directory, open '…/file.txt'");
    expect(failed.err.path).toBe('file.txt');
    expect(failed.err.stack).toMatch(/\(tests\/integration\/framework-errors\.test\.ts:\d+:\d+\)/);
    const log = lines.join('\n');
    for (const absolute of [PROJECT_ROOT, webRoot, tmpdir()]) expect(log.includes(absolute), `the log names ${absolute}`).toBe(false);
  });

  it('answers a broken %-escape with a plain 400 and the headers of every answer', async () => {
    for (const [method, url] of [['GET', '/admin/%'], ['GET', '/%'], ['GET', '/api/investor_summary%zz'], ['POST', '/auth/login%'], ['TRACE', '/admin/%']]) {
      const res = await inject(method!, url!);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'The address is not valid: a % in it does not start a valid escape (such as %20).' });
      expect(res.body, url).not.toContain(url!);
      expectPortalRefusal(res, `${method} ${url}`);
    }
  });

  /** Sends raw bytes to the listening server; resolves with all it answered once it closes the connection. */
  const raw = (bytes: string) =>
    new Promise<string>((resolve) => {
      let answer = '';
      const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
      socket.on('data', (d) => (answer += d.toString()));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(answer));
    });

  it("answers what Node's HTTP parser refuses in the same shape: bad HTTP, headers too large, a request too slow", async () => {
    const cases: [string, number, string][] = [
      ['GET / HTTP/1.1\r\nHost: portal\r\nNo colon here\r\n\r\n', 400, 'The request is not valid HTTP.'],
      [`GET / HTTP/1.1\r\nHost: portal\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`, 431, 'The request headers are too large.'],
      ['GET / HTTP/1.1\r\nHost: portal\r\n', 408, 'The request did not arrive in time.'], // never finished (REQUEST_TIMEOUT_SECONDS=2)
    ];
    const answers = await Promise.all(cases.map(([bytes]) => raw(bytes)));
    for (const [i, [, status, message]] of cases.entries()) {
      const [head, body] = answers[i]!.split('\r\n\r\n');
      expect(head, String(status)).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(head).toMatch(/\r\ncontent-security-policy: default-src 'self';/i);
      expect(head).toMatch(/\r\nx-content-type-options: nosniff/i);
      expect(head).toMatch(/\r\ncache-control: no-store/i);
      expect(JSON.parse(body!)).toEqual({ message });
    }
  });

  it('answers 405 with Allow to a wrong method on every path of the endpoint table', async () => {
    let checked = 0;
    const table = Object.entries(endpoints as Record<string, Endpoint>);
    // A path may take both (GET and POST /auth/api_tokens: the list and a new token, names issue 29 fixed).
    const methodsOf = (path: string) => new Set(table.filter(([, x]) => x.path === path).map(([, x]) => x.method));
    for (const [name, e] of table) {
      const methods = methodsOf(e.path);
      const allow = [...(methods.has('GET') ? ['GET', 'HEAD'] : []), ...(methods.has('POST') ? ['POST'] : [])].join(', ');
      const wrong = ['TRACE', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'GET', 'HEAD', 'POST'].filter((m) => !allow.split(', ').includes(m));
      for (const method of wrong) {
        const res = await inject(method, e.path);
        expect(res.statusCode, `${method} ${e.path} (${name})`).toBe(405);
        expect(res.headers.allow, `${method} ${e.path}`).toBe(allow);
        if (method !== 'HEAD') expect(res.json()).toEqual({ message: `This address does not take ${method} requests, only ${allow}.` });
        expectPortalRefusal(res, `${method} ${e.path}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(300);
    // The portal's other routes too, with a query or a parameter.
    expect((await inject('DELETE', '/pictures/0b0e6e43')).headers.allow).toBe('GET, HEAD');
    expect((await inject('POST', '/logo.png')).headers.allow).toBe('GET, HEAD');
    expect((await inject('PUT', '/admin/get_admin_helpers?x=1')).headers.allow).toBe('GET, HEAD');
  });

  it("keeps the web app's addresses as they were: any GET is the app, any other method a 404", async () => {
    for (const url of ['/', '/investor/Ann%20Lee', '/admin', '/register']) {
      expect((await inject('GET', url)).body, url).toContain('<title>spa</title>');
      for (const method of ['POST', 'TRACE', 'DELETE']) {
        const res = await inject(method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Not found.' });
      }
    }
    // An API path that is no route, and one spelled in other letters, stay 404s.
    for (const url of ['/admin/nothing', '/ADMIN/add_loren']) expect((await inject('POST', url)).statusCode, url).toBe(404);
  });
});
