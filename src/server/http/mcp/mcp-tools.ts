import { z } from 'zod';
import { rolesOf, type Endpoint } from '../../../contract/endpoint.js';
import { endpoints } from '../../../contract/endpoints.js';
import type { Role } from '../../../contract/roles.js';

/**
 * The MCP connection's tools (docs/mcp.md), generated from the endpoint table: one per read a personal API
 * token may make. A tool is named by its entry's key (`investorSummary`), described by its summary, and takes
 * its entry's query, the JSON Schema of what the REST route accepts. Calling one is a GET of that route.
 */
export type McpTool = {
  name: string;
  /** The REST route the tool reads. */
  path: string;
  description: string;
  inputSchema: { type: 'object'; [key: string]: unknown };
};

/** Reads of the table that are no tool, and why. */
const NOT_TOOLS: Record<string, string> = {
  investorSecret: "no read: it ends the investor's old registration secret and hands out a credential",
  adminLevel: "the web app's switch for its Admin link: no figure, and the one /admin/ address every role may read",
};

/**
 * An entry a tool is made of: a read (GET) for a signed-in user, answering JSON (a file download is no
 * text for an assistant), that a token may call (not session-only).
 */
export function isToolEntry(name: string, e: Endpoint): boolean {
  return e.method === 'GET' && e.policy !== 'public' && !e.sessionOnly && !e.file && !Object.hasOwn(NOT_TOOLS, name);
}

function toolOf(name: string, e: Endpoint): McpTool {
  // The schema of the query as it arrives (io: 'input'): the text the route parses, not the parsed values.
  const schema: Record<string, unknown> = e.query ? z.toJSONSchema(e.query, { io: 'input', unrepresentable: 'any' }) : {};
  if (e.query && schema.type !== 'object') throw new Error(`The query of ${name} is not an object: no MCP tool can take it`);
  return { name, path: e.path, description: e.summary, inputSchema: { ...schema, type: 'object' } };
}

/** Every tool, in the table's order, with the roles that get it; built once, when the app starts. */
const ALL = Object.entries(endpoints as Record<string, Endpoint>)
  .filter(([name, e]) => isToolEntry(name, e))
  .map(([name, e]) => ({ tool: toolOf(name, e), roles: rolesOf(e) }));

const byRole = new Map<Role, McpTool[]>();

/** The tools a role gets: those whose entry the role may call, so the list is the REST API's own reach. */
export function toolsFor(role: Role): McpTool[] {
  let tools = byRole.get(role);
  if (!tools) byRole.set(role, (tools = ALL.filter((t) => t.roles.includes(role)).map((t) => t.tool)));
  return tools;
}

/**
 * The REST address a call reads: the arguments as its query string, as a form would send them (a list as
 * the key repeated, an object as its JSON), so the route parses and checks them exactly as for any client.
 */
export function restUrl(tool: McpTool, args: Record<string, unknown> | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(args ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one === undefined || one === null) continue;
      query.append(key, typeof one === 'object' ? JSON.stringify(one) : String(one));
    }
  }
  const text = query.toString();
  return text ? `${tool.path}?${text}` : tool.path;
}
