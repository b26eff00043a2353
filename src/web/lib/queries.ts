import {
  QueryCache,
  QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Endpoint, QueryInput, Reply } from '../../contract/endpoint';
import type { endpoints } from '../../contract/endpoints';
import { call, callRoute, type CallInput, type Routable, type Route } from './api-client';

/**
 * Server reads through TanStack Query, keyed by the endpoint table: [path] or [path, query]. A write
 * invalidates the reads it changes (CHANGES below), so every screen showing them loads them again.
 */
declare module '@tanstack/react-query' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface Register {
    /** How a failed read is logged: a line put before the error, or a function of it. */
    queryMeta: { onError?: string | ((error: Error) => void) };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const log = query.meta?.onError;
        if (typeof log === 'string') console.error(log, error);
        else log?.(error);
      },
    }),
    defaultOptions: {
      // A refusal is an answer, not a hiccup: it shows at once (403 → not authorized, 400 → choose an investor).
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

type Table = typeof endpoints;

/** The key of a read: the endpoint's path, then its query (the same for an entry and its route). */
export function queryKeyOf<K extends Routable>(endpoint: Route<K>, query?: QueryInput<Table[K]>): QueryKey;
export function queryKeyOf<E extends Endpoint>(endpoint: E, query?: QueryInput<E>): QueryKey;
export function queryKeyOf(endpoint: { path: string }, query?: unknown): QueryKey {
  return query === undefined ? [endpoint.path] : [endpoint.path, query];
}

type ReadOptions<E extends Endpoint, T> = Omit<UseQueryOptions<Reply<E>, Error, T>, 'queryKey' | 'queryFn'>;

/**
 * A GET of the table as a query: `useEndpointQuery(endpoints.getLlc, { llc_name })`, or of a route
 * (`useEndpointQuery(investorCalls.investorSummary, …)`), which the investor page uses to load without zod.
 */
export function useEndpointQuery<K extends Routable, T = Reply<Table[K]>>(
  endpoint: Route<K>,
  query?: QueryInput<Table[K]>,
  options?: ReadOptions<Table[K], T>,
): UseQueryResult<T, Error>;
export function useEndpointQuery<E extends Endpoint, T = Reply<E>>(endpoint: E, query?: QueryInput<E>, options?: ReadOptions<E, T>): UseQueryResult<T, Error>;
export function useEndpointQuery(endpoint: Endpoint | Route<Routable>, query?: unknown, options: object = {}): UseQueryResult<unknown, Error> {
  const send = (signal: AbortSignal) =>
    'entry' in endpoint
      ? (callRoute as (r: Route<Routable>, i: unknown, o: object) => Promise<unknown>)(endpoint, { query }, { signal })
      : (call as (e: Endpoint, i: unknown, o: object) => Promise<unknown>)(endpoint, { query }, { signal });
  return useQuery<unknown, Error, unknown>({
    queryKey: query === undefined ? [endpoint.path] : [endpoint.path, query],
    queryFn: ({ signal }) => send(signal),
    ...options,
  });
}

/** Loads again what a write changed (active reads at once); resolves when they are back. */
export function useInvalidation() {
  const client = useQueryClient();
  return useCallback(async (write: Endpoint) => {
    const { changedBy } = await import('./write-changes');
    await Promise.all(changedBy(write).map((read) => client.invalidateQueries({ queryKey: [read.path] })));
  }, [client]);
}

/**
 * A write of the table as a mutation: `useEndpointMutation(endpoints.addLoren).mutateAsync({ body })`.
 * On success it invalidates what the write changes; active reads load again before it resolves.
 */
export function useEndpointMutation<E extends Endpoint>(endpoint: E) {
  const invalidate = useInvalidation();
  return useMutation<Reply<E>, Error, CallInput<E>>({
    mutationFn: (input) => (call as (e: E, i: unknown) => Promise<Reply<E>>)(endpoint, input),
    onSuccess: () => invalidate(endpoint),
  });
}
