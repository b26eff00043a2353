import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../contract/endpoints';
import { ApiError, call, callRoute } from './api-client';
import { sessionCalls } from './session-calls';

/** call() against a stubbed fetch: method, path and headers from the table, replies checked in tests. */
describe('call', () => {
  let sent: { url: string; init: RequestInit }[];
  let answer: { status: number; body: unknown };

  beforeEach(() => {
    sent = [];
    answer = { status: 200, body: {} };
    const store = new Map<string, string>([['token', 't0k']]);
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
      removeItem: (k: string) => store.delete(k),
    });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('takes the method and path from the entry, sends the query as text and the Bearer token', async () => {
    answer.body = { max_cash_withdrawal: 12.5 };
    expect(await call(endpoints.maxCashWithdrawal, { query: { investor_name: 'A B' } })).toEqual({ max_cash_withdrawal: 12.5 });
    expect(sent[0]!.url).toBe('/admin/get_max_cash_withdrawal?investor_name=A+B');
    expect(sent[0]!.init.method).toBe('GET');
    expect((sent[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer t0k');
  });

  it('adds a fresh Idempotency-Key to every idempotent write, and none to others', async () => {
    answer = { status: 201, body: { message: 'New investment added successfully', id: 1 } };
    const body = { property_name: 'P', investor_name: 'A', date: '2026-01-05', amount: '12.50' };
    await call(endpoints.addInvestment, { body });
    await call(endpoints.addInvestment, { body });
    answer = { status: 201, body: { message: 'New loren added successfully' } };
    await call(endpoints.addLoren, { body: { loren_name: 'N' } });
    const keys = sent.map((s) => (s.init.headers as Record<string, string>)['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBeUndefined();
    expect(JSON.parse(sent[0]!.init.body as string)).toEqual(body);
  });

  it('logs a reply that does not match the entry’s response schema, without throwing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer.body = { admin_level: 'high' };
    await call(endpoints.adminLevel);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('GET /admin/get_admin_level answered a shape'));
  });

  it('turns a refusal into ApiError with the server’s words', async () => {
    answer = { status: 400, body: { message: 'Amount must have at most two decimals.' } };
    await expect(call(endpoints.login, { body: { username: 'a', password: 'b' } }, { anonymous: true })).rejects.toEqual(
      new ApiError(400, 'Amount must have at most two decimals.'),
    );
  });

  it('sends a route as its entry: method, path, no token when anonymous; the reply checked against the entry', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer.body = { access_token: 42 };
    await callRoute(sessionCalls.login, { body: { username: 'a', password: 'b' } }, { anonymous: true });
    expect(sent[0]!.url).toBe('/auth/login');
    expect(sent[0]!.init.method).toBe('POST');
    expect((sent[0]!.init.headers as Record<string, string>).authorization).toBeUndefined();
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringContaining('POST /auth/login answered a shape')));
  });
});

/** The sign-in screen's calls name their entries by method and path only (docs/performance.md): the same ones. */
describe('sessionCalls', () => {
  it('are the method and path of the entries they name', () => {
    for (const r of Object.values(sessionCalls)) {
      expect({ method: r.method, path: r.path }).toEqual({ method: endpoints[r.entry].method, path: endpoints[r.entry].path });
    }
  });
});
