import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ROLES } from '../../../contract/roles.js';
import { UnauthorizedError } from '../../lib/errors.js';
import type { SessionUser } from '../../modules/auth/auth.repository.js';
import { currentUser } from '../../plugins/auth-guard.js';
import { methodNotAllowed } from '../allowed-methods.js';
import { restUrl, toolsFor, type McpTool } from './mcp-tools.js';
import type { ToolReads } from './tool-reads.js';

export const MCP_PATH = '/mcp';
export const MCP_TAKES_A_TOKEN = 'The MCP connection takes a personal API token (Account page).';

/**
 * The MCP server (docs/mcp.md): Streamable HTTP at /mcp, stateless (a server and a transport per POST,
 * no session kept between requests), read-only. The auth guard signs the caller in like any route: every role,
 * and a read-only token too, since nothing here writes (`readsOnly`). A session's token is refused: an
 * assistant holds a personal API token the user can see and revoke, never their sign-in.
 *
 * Each tool call answers what a GET of its REST route with the caller's own Authorization header answers
 * (roles, an auditor's LLCs, an investor's records): its handler's answer read directly, a refusal from the
 * route itself (tool-reads.ts).
 */
export function registerMcp(app: FastifyInstance, toolReads: ToolReads): void {
  const config = { policy: 'authenticated', roles: ROLES, readsOnly: true } as const;

  app.post(MCP_PATH, { config }, async (request, reply) => {
    const user = currentUser(request);
    if (!user.apiToken) throw new UnauthorizedError(MCP_TAKES_A_TOKEN);
    const server = mcpServer(app, toolReads, request, user, user.apiToken.id);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(transportRequest(request), { parsedBody: request.body });
      return await sendResponse(reply, response);
    } finally {
      await server.close();
    }
  });

  // A stateless server offers no stream of its own (GET) and has no session to end (DELETE): the
  // transport's spec lets it answer 405, which clients take as "no such stream".
  app.route({
    method: ['GET', 'DELETE'],
    url: MCP_PATH,
    config,
    handler: (request, reply) => methodNotAllowed(reply, request.method, ['POST']),
  });
}

/**
 * The JSON Schema validator the SDK gives every server (for elicitation, which these read-only tools never ask):
 * one for the process. Left to its default, each per-request server built its own Ajv, a fifth of a tool
 * call's CPU (docs/performance.md).
 */
const SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

function mcpServer(app: FastifyInstance, toolReads: ToolReads, request: FastifyRequest, user: SessionUser, tokenId: number): Server {
  const server = new Server(
    { name: 'investor-portal', version: '1.0.0' },
    {
      jsonSchemaValidator: SCHEMA_VALIDATOR,
      capabilities: { tools: {} },
      instructions: "Read-only tools over the investor portal's API: each answers the same JSON as its REST call, for what this token's user may see.",
    },
  );
  const tools = toolsFor(user.role);

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema,
      annotations: { readOnlyHint: true, openWorldHint: false },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const tool = tools.find((t) => t.name === params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `No tool is named ${params.name}.`);
    const { status, result } = await callTool(app, toolReads, request, user, tool, params.arguments);
    request.log.info({ event: 'mcp_tool_call', token: tokenId, user: user.userId, tool: tool.name, status }, 'mcp tool call');
    return result;
  });
  return server;
}

/**
 * The tool's REST route's answer, word for word: read from its handler as the route reads it (tool-reads.ts),
 * or, for anything but a plain answer, the route itself asked with the caller's own credentials.
 */
async function callTool(
  app: FastifyInstance,
  toolReads: ToolReads,
  request: FastifyRequest,
  user: SessionUser,
  tool: McpTool,
  args: Record<string, unknown> | undefined,
): Promise<{ status: number; result: CallToolResult }> {
  const answer = await toolReads(tool, args, user, request.ip);
  if (answer !== undefined) return { status: 200, result: { content: [{ type: 'text', text: answer }] } };
  const res = await app.inject({
    method: 'GET',
    url: restUrl(tool, args),
    headers: { authorization: request.headers.authorization ?? '', accept: 'application/json' },
    remoteAddress: request.ip,
  });
  if (res.statusCode < 300) return { status: res.statusCode, result: { content: [{ type: 'text', text: res.body }] } };
  // A refusal is the tool's error, in the REST API's own words (a 404 for an investor or LLC not theirs).
  return { status: res.statusCode, result: { isError: true, content: [{ type: 'text', text: refusalWords(res.body) }] } };
}

function refusalWords(body: string): string {
  try {
    const { message } = JSON.parse(body) as { message?: unknown };
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: the body as it is
  }
  return body;
}

/** The headers the transport reads; the body it is handed already parsed (and bounded) by the app. */
function transportRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of ['accept', 'content-type', 'mcp-protocol-version', 'mcp-session-id']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(new URL(request.url, 'http://mcp.invalid'), { method: request.method, headers });
}

async function sendResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status).header('cache-control', 'no-store');
  response.headers.forEach((value, name) => void reply.header(name, value));
  const body = await response.text();
  return body ? reply.send(body) : reply.send();
}
