import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../src/contract/endpoint.js';
import { endpoints } from '../../src/contract/endpoints.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The endpoint table is the one description of the API: the server's routes come from it, and the
 * generated reference (GET /openapi.json) says the same. A route added by hand, or one the reference
 * leaves out or describes differently, fails here.
 */
type Operation = {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
};
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** The app's files, not API calls: the SPA, the logo, property pictures and the reference itself. */
const FILES = (url: string) => url === '/*' || url === '/logo.png' || url === '/pictures/:id' || url === '/openapi.json' || url.startsWith('/api-docs')
  // The MCP connection (http/mcp/): JSON-RPC over one address, its tools the table's reads.
  || url === '/mcp';

describe('the endpoint table', () => {
  let t: TestApp;
  let doc: OpenApi;
  const table = Object.entries(endpoints as Record<string, Endpoint>);

  beforeAll(async () => {
    t = await startTestApp('pglite');
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t?.close());

  it('registers exactly its entries: every API route is an entry, with the entry’s policy', () => {
    const registered = t.app.routePolicies
      .filter((r) => r.method !== 'HEAD' && !FILES(r.url))
      .map((r) => `${r.method} ${r.url} ${r.policy}`)
      .sort();
    const declared = table.map(([, e]) => `${e.method} ${e.path} ${e.policy}`).sort();
    expect(registered).toEqual(declared);
  });

  it('has one entry per method and path', () => {
    const keys = table.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('is what /openapi.json documents, path for path, with each entry’s schemas', () => {
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(table.map(([, e]) => `${e.method} ${e.path}`).sort());

    for (const [name, e] of table) {
      const op = doc.paths[e.path]?.[e.method.toLowerCase()];
      expect(op, name).toBeDefined();
      expect(op!.operationId).toBe(name);
      expect(op!.tags).toEqual([e.tag]);
      expect(Boolean(op!.security?.length), `${name} security`).toBe(e.policy !== 'public');
      const success = op!.responses[String(e.status ?? 200)];
      expect(success?.content?.[e.file ?? 'application/json']?.schema, `${name} response`).toBeDefined();
      expect(op!.responses['400'], `${name} 400`).toBeDefined();

      if (e.body) {
        const schema = op!.requestBody?.content['application/json']?.schema;
        expect(schema, `${name} body`).toBeDefined();
        const shape = (e.body as unknown as { shape?: Record<string, unknown> }).shape;
        if (shape) expect(Object.keys(schema!.properties ?? {}).sort(), `${name} body fields`).toEqual(Object.keys(shape).sort());
      } else if (e.multipart) {
        // An upload: its text fields and its file part, as multipart/form-data.
        const schema = op!.requestBody?.content['multipart/form-data']?.schema;
        expect(schema, `${name} multipart body`).toBeDefined();
        const shape = (e.multipart.fields as unknown as { shape?: Record<string, unknown> }).shape;
        if (shape) expect(Object.keys(schema!.properties ?? {}).sort(), `${name} multipart fields`).toEqual([...Object.keys(shape), e.multipart.file.name].sort());
      } else {
        expect(op!.requestBody, `${name} has no body`).toBeUndefined();
      }
      const queryNames = (op!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name).sort();
      const queryShape = (e.query as unknown as { shape?: Record<string, unknown> } | undefined)?.shape;
      expect(queryNames, `${name} query`).toEqual(Object.keys(queryShape ?? {}).sort());
    }
  });

  it('serves the reference page from the package under the strict CSP, without a CDN', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api-docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)[a-z0-9.-]+\.(com|net|org|io)\//i);
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    const script = await t.app.inject({ method: 'GET', url: '/api-docs/static/swagger-ui-bundle.js' });
    expect(script.statusCode).toBe(200);
  });
});
