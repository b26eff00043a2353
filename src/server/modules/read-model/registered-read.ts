import type { DeclaredRead } from './declared-read.js';

/** An LLC as answers are computed ahead for it: its id and its properties'. */
export type AheadLlc = { llcId: number; propertyIds: number[] };

/** What a read's answers are computed ahead for: each active investor (by id), or each LLC. */
export type AheadUnit = { per: 'investor'; unit: number } | { per: 'llc'; unit: AheadLlc };

/**
 * How a declared read is computed ahead of reads (answer-refresher.ts), as of `day`:
 *  - `per` an investor or an LLC: the params of its answers for one of them, each computed from its own
 *    reading in one snapshot; `hasAnswer` says whether a reading has any (an investor gone meanwhile has none);
 *  - `from` another read computed ahead: from that read's own reading, for the params the reading names
 *    (an investor's property pages from the reading of their summary).
 */
export type AheadPlan<P, I> =
  | { per: 'investor'; params(investorId: number, day: string): P[]; hasAnswer?(input: I): boolean }
  | { per: 'llc'; params(llc: AheadLlc, day: string): P[]; hasAnswer?(input: I): boolean }
  | { from: DeclaredRead<never, I, unknown>; params(input: I, of: unknown): P[] };

/** One entry of the registry of declared reads: the read, and whether and how it is computed ahead. */
export type RegisteredRead = {
  read: DeclaredRead<never, never, unknown>;
  ahead: AheadPlan<never, never> | undefined;
};

/** A registry entry; without a plan, the read is computed only when asked. */
export const registered = <P, I, T>(read: DeclaredRead<P, I, T>, ahead?: AheadPlan<P, I>): RegisteredRead =>
  ({ read, ahead }) as unknown as RegisteredRead;

/** A plan computing a read for every active investor, from each one's reading; `hasAnswer`: whether a reading has any. */
export const perInvestor = <P, I>(params: (investorId: number, day: string) => P[], hasAnswer?: (input: I) => boolean): AheadPlan<P, I> => ({ per: 'investor', params, hasAnswer });

/** A plan computing a read for every LLC (with its properties), one reading a step. */
export const perLlc = <P, I>(params: (llc: AheadLlc, day: string) => P[]): AheadPlan<P, I> => ({ per: 'llc', params });

/** A plan computing a read from the reading of `from` whenever that one is computed ahead, with `from`'s params. */
export const alongside = <Q, I, P>(from: DeclaredRead<Q, I, unknown>, params: (input: I, of: Q) => P[]): AheadPlan<P, I> =>
  ({ from: from as unknown as DeclaredRead<never, I, unknown>, params: params as (input: I, of: unknown) => P[] });
