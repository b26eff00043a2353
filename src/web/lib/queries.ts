import {
  QueryCache,
  QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Endpoint, QueryInput, Reply } from '../../contract/endpoint';
import { endpoints as E, VOID_ENDPOINTS } from '../../contract/endpoints';
import { call, type CallInput } from './api-client';

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

/** The key of a read: the endpoint's path, then its query. */
export const queryKeyOf = <E extends Endpoint>(endpoint: E, query?: QueryInput<E>): QueryKey =>
  query === undefined ? [endpoint.path] : [endpoint.path, query];

type ReadOptions<E extends Endpoint, T> = Omit<UseQueryOptions<Reply<E>, Error, T>, 'queryKey' | 'queryFn'>;

/** A GET of the table as a query: `useEndpointQuery(endpoints.getLlc, { llc_name })`. */
export function useEndpointQuery<E extends Endpoint, T = Reply<E>>(
  endpoint: E,
  query?: QueryInput<E>,
  options: ReadOptions<E, T> = {},
) {
  return useQuery<Reply<E>, Error, T>({
    queryKey: queryKeyOf(endpoint, query),
    queryFn: ({ signal }) => (call as (e: E, i: unknown, o: object) => Promise<Reply<E>>)(endpoint, { query }, { signal }),
    ...options,
  });
}

/** The admin's reports: every figure of the books shows in one of them. */
const REPORTS: readonly Endpoint[] = [E.adminSummary, E.propertyDetails, E.llcTaxes, E.propertyTaxes];
/** Reads a money movement changes: balances, maximums, viewers, the investor pages and the reports. */
const BOOKS: readonly Endpoint[] = [
  E.maxCashWithdrawal, E.maxInvestmentWithdrawal, E.maxDepositWithdrawal, E.propertyTxns, E.llcTxns, E.investorTxns,
  E.investorSummary, E.investorProperty, E.explain, E.ledgerEntries, ...REPORTS,
];
/** Writes that add a name to the admin selectors' lists (and so to the reports that list names). */
const HELPER_LISTS: readonly Endpoint[] = [E.adminHelpers, ...REPORTS];

/** What each write changes (every write also adds to the audit trail). */
const CHANGES = new Map<string, readonly Endpoint[]>([
  [E.addInvestor.path, HELPER_LISTS],
  [E.addInvestmentProperty.path, HELPER_LISTS],
  [E.addLlc.path, [...HELPER_LISTS, E.periodLocks]],
  [E.setPeriodLock.path, [E.periodLocks]],
  [E.totpEnable.path, [E.totpStatus]],
  [E.totpDisable.path, [E.totpStatus]],
  [E.recoveryCodes.path, [E.totpStatus]],
  // A new password lifts the wait the login summary shows.
  [E.resetPortalUserPassword.path, [E.loginSummary]],
  [E.addLoren.path, HELPER_LISTS],
  [E.addExpenseCategory.path, HELPER_LISTS],
  [E.setInvestorFee.path, BOOKS],
  [E.setPropertyNotes.path, [E.getPropertyNotes, E.investorProperty]],
  // An upload given a property becomes its picture on the investors' pages.
  [E.uploadPicture.path, [E.investorSummary]],
  [E.updateLlc.path, [E.getLlc, E.llcTaxes]],
  // The login goes from the login summary and the portal users' list; the investor stays.
  [E.deletePortalUser.path, [E.loginSummary, E.adminHelpers]],
  ...[
    E.recordPropertyIncome, E.recordLorenIncome, E.recordLcPayment, E.recordPropertyExpense, E.recordInvestorPropertyExpense,
    E.recordLlcExpense, E.addRentalDeposit, E.addInvestment, E.recordCashWithdrawal, E.recordInvestmentWithdrawal,
    E.recordDepositWithdrawal, E.correctEntry, ...Object.values(VOID_ENDPOINTS),
  ].map((w): [string, readonly Endpoint[]] => [w.path, BOOKS]),
]);

export const changedBy = (write: Endpoint): readonly Endpoint[] => [...(CHANGES.get(write.path) ?? []), E.auditLog];

/** Loads again what a write changed (active reads at once); resolves when they are back. */
export function useInvalidation() {
  const client = useQueryClient();
  return useCallback(
    (write: Endpoint) => Promise.all(changedBy(write).map((read) => client.invalidateQueries({ queryKey: [read.path] }))),
    [client],
  );
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
