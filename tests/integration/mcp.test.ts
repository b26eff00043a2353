import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { rolesOf, type Endpoint } from '../../src/contract/endpoint.js';
import { endpoints } from '../../src/contract/endpoints.js';
import type { Role } from '../../src/contract/roles.js';
import { withBirch } from '../support/birch-books.js';
import { mapleBooksTemplate, type MapleBooks } from '../support/maple-books.js';
import { ADMIN, bearer, seedAs, signIn, type AppTemplate, type TestApp } from '../support/test-app.js';
import { DB_KINDS } from '../support/test-db.js';

/**
 * The MCP connection (docs/mcp.md) through the SDK's own client over real HTTP: a personal API token lists
 * the reads its role may make and no write, and a tool answers exactly what its REST call answers, refusals too.
 */
const TABLE = endpoints as Record<string, Endpoint>;
type ToolText = { isError?: boolean; content: { type: string; text: string }[] };

/** A GET that issues a credential (no read), and the web app's switch for its Admin link. */
const NOT_TOOLS = ['investorSecret', 'adminLevel'];

/** The reads the table gives a role, worked out here from the entries themselves (the tools must be these). */
const readsOf = (role: Role) =>
  Object.entries(TABLE)
    .filter(([name, e]) => e.method === 'GET' && e.policy !== 'public' && !e.sessionOnly && !e.file && rolesOf(e).includes(role) && !NOT_TOOLS.includes(name))
    .map(([name]) => name);

describe.each(DB_KINDS)('the MCP connection on %s', (kind) => {
  let books: AppTemplate<MapleBooks>;
  let t: TestApp;
  let mcpUrl: URL;
  const logLines: Record<string, unknown>[] = [];
  const clients: Client[] = [];

  beforeAll(async () => {
    books = await (await mapleBooksTemplate(kind, { logins: true })).extend(async (w, state) => {
      await withBirch(w, state.admin);
      return state;
    });
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    t = await books.start({ LOG_LEVEL: 'info' }, { logStream });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    mcpUrl = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`);
  });
  afterAll(async () => {
    for (const c of clients) await c.close();
    await t?.close();
    await books?.close();
  });

  async function createToken(session: string, readOnly: boolean): Promise<{ id: number; token: string }> {
    const { id, token } = await seedAs(t, session)('/auth/api_tokens', { name: `assistant ${readOnly ? 'reads' : 'all'}`, expires_in_days: 30, read_only: readOnly });
    expect(String(token)).toMatch(/^ipt_/);
    return { id: id as number, token: token as string };
  }

  async function connect(token: string): Promise<Client> {
    const client = new Client({ name: 'portal-mcp-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    clients.push(client);
    return client;
  }

  const toolNames = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);
  const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolText;
  const rest = (path: string, token: string) => t.app.inject({ method: 'GET', url: path, headers: bearer(token) });

  /** No tool is a write, a download or a session's call, whoever lists them. */
  function expectOnlyReads(names: string[]) {
    for (const name of names) {
      const e = TABLE[name];
      expect(e, name).toBeDefined();
      expect(e!.method, name).toBe('GET');
      expect(e!.file, name).toBeUndefined();
      expect(e!.sessionOnly, name).toBeUndefined();
    }
  }

  it("lists an investor's (read-only) token only the reads of the investor page, and answers the summary byte for byte as the REST call", async () => {
    const { id, token } = await createToken(books.state.investors.A!, true);
    const client = await connect(token);
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(readsOf('investor'));
    expect(names).toEqual(expect.arrayContaining(['investorSummary', 'investorProperty', 'explain', 'documents', 'capitalCalls', 'updates']));
    // Nothing of the back office: no /admin/ address, so no admin report, viewer or list.
    expect(names.filter((name) => TABLE[name]!.path.startsWith('/admin/'))).toEqual([]);
    expect(names).not.toContain('adminSummary');
    expectOnlyReads(names);
    // Each tool is described and shaped by its entry: the summary, and the JSON Schema of its query.
    const property = tools.find((tool) => tool.name === 'investorProperty')!;
    expect(property.description).toBe(TABLE.investorProperty!.summary);
    expect(property.inputSchema).toMatchObject({ type: 'object', required: ['property_name'], properties: { property_name: { type: 'string' } } });
    expect(property.annotations).toMatchObject({ readOnlyHint: true });

    const summary = await call(client, 'investorSummary', {});
    const summaryRest = await rest('/api/investor_summary', token);
    expect(summaryRest.statusCode).toBe(200);
    expect(summary.isError).toBeFalsy();
    expect(summary.content).toEqual([{ type: 'text', text: summaryRest.body }]);
    expect(JSON.parse(summary.content[0]!.text)).toMatchObject({ investor_name: 'A' });

    const inP = await call(client, 'investorProperty', { property_name: 'P', as_of: '2025-12-31' });
    const inPRest = await rest('/api/investor_property?property_name=P&as_of=2025-12-31', token);
    expect(inPRest.statusCode).toBe(200);
    expect(inP.content[0]!.text).toBe(inPRest.body);

    // Every call is logged with the token, the tool and the status.
    expect(logLines).toContainEqual(expect.objectContaining({ event: 'mcp_tool_call', token: id, tool: 'investorSummary', status: 200 }));
    expect(logLines).toContainEqual(expect.objectContaining({ event: 'mcp_tool_call', token: id, tool: 'investorProperty', status: 200 }));
  });

  it("answers another investor's figures with the REST call's 404 words, and a bad argument with its 400 words", async () => {
    const { token } = await createToken(books.state.investors.A!, true);
    const client = await connect(token);
    const theirs = await call(client, 'investorSummary', { investor_name: 'B' });
    const theirsRest = await rest('/api/investor_summary?investor_name=B', token);
    expect(theirsRest.statusCode).toBe(404);
    expect(theirs).toEqual({ isError: true, content: [{ type: 'text', text: (theirsRest.json() as { message: string }).message }] });
    expect(theirs.content[0]!.text).not.toMatch(/"cash_balance"/);

    const badDate = await call(client, 'investorSummary', { as_of: '2025-02-30' });
    const badDateRest = await rest('/api/investor_summary?as_of=2025-02-30', token);
    expect(badDateRest.statusCode).toBe(400);
    expect(badDate).toEqual({ isError: true, content: [{ type: 'text', text: (badDateRest.json() as { message: string }).message }] });
  });

  it("lists an admin's token the back office's reads, never a write, and refuses a tool by name that it does not list", async () => {
    const { token } = await createToken(books.state.admin, false);
    const client = await connect(token);
    const names = await toolNames(client);
    expect(names).toEqual(readsOf('admin'));
    expect(names).toEqual(expect.arrayContaining(['adminSummary', 'llcTaxes', 'propertyDetails', 'auditLog', 'investorSummary']));
    // A GET that issues a credential is no read: not a tool.
    expect(names).not.toContain('investorSecret');
    expectOnlyReads(names);

    const summary = await call(client, 'adminSummary', {});
    expect(summary.content[0]!.text).toBe((await rest('/admin/get_admin_summary', token)).body);
    const forB = await call(client, 'investorSummary', { investor_name: 'B' });
    expect(forB.content[0]!.text).toBe((await rest('/api/investor_summary?investor_name=B', token)).body);

    // A write asked for by name is no tool: a protocol error, and nothing is written.
    const [before] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry');
    await expect(client.callTool({ name: 'recordCashWithdrawal', arguments: { investor_name: 'A', amount: '1.00' } })).rejects.toThrow(/No tool is named recordCashWithdrawal/);
    const [after] = await t.testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_entry');
    expect(after).toEqual(before);
  });

  it("answers every tool of an admin's and an investor's token, with and without arguments, exactly as its REST call", async () => {
    // A tool's answer is read from its route's handler; anything else asks the route (http/mcp/tool-reads.ts).
    // Both must be the REST API's own text: each tool with no arguments (a read with defaults, or the route's
    // refusal of a missing field), then with the Maple books' names and a year.
    const NAMED: Record<string, string> = {
      investor_name: 'A', property_name: 'P', selectedProperty: 'P', llc_name: 'Maple Holdings LLC', selectedLLC: 'Maple Holdings LLC',
      selectedTaxYear: '2024', year: '2024', tax_year: '2024', as_of: '2025-06-30',
    };
    let answered = 0;
    for (const session of [books.state.admin, books.state.investors.A!]) {
      const { token } = await createToken(session, true);
      const client = await connect(token);
      const { tools } = await client.listTools();
      for (const tool of tools) {
        const fields = Object.keys((tool.inputSchema as { properties?: object }).properties ?? {});
        const named = Object.fromEntries(fields.filter((f) => f in NAMED).map((f) => [f, NAMED[f]!]));
        for (const args of [{}, named]) {
          const path = `${TABLE[tool.name]!.path}${Object.keys(args).length ? `?${new URLSearchParams(args).toString()}` : ''}`;
          const [viaMcp, viaRest] = [await call(client, tool.name, args), await rest(path, token)];
          const expected = viaRest.statusCode < 300 ? viaRest.body : (viaRest.json() as { message: string }).message;
          expect(viaMcp.content, `${tool.name} ${JSON.stringify(args)}`).toEqual([{ type: 'text', text: expected }]);
          expect(Boolean(viaMcp.isError), `${tool.name} ${JSON.stringify(args)}`).toBe(viaRest.statusCode >= 300);
          if (viaRest.statusCode < 300) answered++;
        }
      }
    }
    // Not only refusals: most reads answered.
    expect(answered).toBeGreaterThan(40);
  });

  it('refuses a revoked token, a session token and no token with 401', async () => {
    const session = books.state.investors.A!;
    const { id, token } = await createToken(session, true);
    const client = await connect(token);
    expect(await toolNames(client)).toContain('investorSummary');
    await seedAs(t, session)('/auth/revoke_api_token', { id });
    await expect(connect(token)).rejects.toMatchObject({ code: 401 });
    // The connection made before: its next request is refused too.
    await expect(client.listTools()).rejects.toMatchObject({ code: 401 });

    // A session's token is the user's sign-in, never handed to an assistant.
    await expect(connect(session)).rejects.toMatchObject({ code: 401 });
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } } };
    const post = (headers: Record<string, string>) =>
      fetch(mcpUrl, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, body: JSON.stringify(initialize) });
    const withSession = await post({ authorization: `Bearer ${session}` });
    expect(withSession.status).toBe(401);
    expect(withSession.headers.get('www-authenticate')).toBe('Bearer');
    expect(await withSession.json()).toEqual({ message: 'The MCP connection takes a personal API token (Account page).' });

    const anonymous = await post({});
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers GET and DELETE with 405 (a stateless server: no stream, no session)', async () => {
    const { token } = await createToken(books.state.investors.A!, true);
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(mcpUrl, { method, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it("lists an auditor's token only the auditor's reads, and answers 404 for an LLC not granted", async () => {
    const invite = await seedAs(t, await signIn(t.app, ADMIN.username, ADMIN.password))('/admin/invite_staff', {
      name: 'Casey CPA', role: 'auditor', llc_names: ['Maple Holdings LLC'],
    });
    const login = { username: 'casey.cpa', password: 'quartz meadow lantern 51' };
    const registered = await t.app.inject({ method: 'POST', url: '/auth/register', payload: { ...login, secret: invite.registration_secret } });
    expect(registered.statusCode, registered.body).toBe(201);
    const { token } = await createToken(await signIn(t.app, login.username, login.password), true);
    const client = await connect(token);
    const names = await toolNames(client);
    expect(names).toEqual(readsOf('auditor'));
    expect(names).toEqual(expect.arrayContaining(['getLlc', 'llcTaxes', 'propertyDetails']));
    expect(names).not.toContain('investorSummary');
    expect(names).not.toContain('adminSummary');
    expectOnlyReads(names);

    const maple = await call(client, 'getLlc', { llc_name: 'Maple Holdings LLC' });
    const mapleRest = await rest('/admin/get_llc?llc_name=Maple+Holdings+LLC', token);
    expect(mapleRest.statusCode).toBe(200);
    expect(maple.content[0]!.text).toBe(mapleRest.body);
    const birch = await call(client, 'getLlc', { llc_name: 'Birch Holdings LLC' });
    const birchRest = await rest('/admin/get_llc?llc_name=Birch+Holdings+LLC', token);
    expect(birchRest.statusCode).toBe(404);
    expect(birch).toEqual({ isError: true, content: [{ type: 'text', text: (birchRest.json() as { message: string }).message }] });
  });
});
