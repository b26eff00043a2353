import type { MyInvestorsResponse } from '../../../../contract/schemas/access';
import { investorCalls } from '../../../lib/investor-calls';
import { useEndpointQuery } from '../../../lib/queries';

export type MyRecord = MyInvestorsResponse['investors'][number];

/**
 * The investor records the signed-in login reads (GET /api/my_investors): its own, its other entities (an
 * IRA, a trust) and the pages it reads as a delegate. undefined while loading, or when the read failed
 * (then the page is the login's own, as before there were several). `enabled` false: staff, who have none.
 */
export function useMyRecords(enabled: boolean): { records: MyRecord[] | undefined; failed: boolean } {
  const { data, isError } = useEndpointQuery(investorCalls.myInvestors, undefined, {
    enabled,
    meta: { onError: 'Failed to load your investor records:' },
  });
  return { records: data?.investors, failed: isError };
}

/** Names as the server matches them (lib/names.ts there): the same letters in any case. */
const sameName = (a: string, b: string) =>
  a.normalize('NFC').trim().toLocaleLowerCase('en-US') === b.normalize('NFC').trim().toLocaleLowerCase('en-US');

/**
 * The record a page shows: the one named in the address, else the login's own, else the first it reads
 * (a delegate has no record of their own). undefined: the named one is not among them.
 */
export const currentRecord = (records: readonly MyRecord[], name: string | undefined): MyRecord | undefined =>
  name === undefined ? (records.find((r) => r.relation === 'own') ?? records[0]) : records.find((r) => sameName(r.investor_name, name));

/** The records the combined view adds up: the login's own and its entities, never a page read as a delegate. */
export const ownRecords = (records: readonly MyRecord[]): MyRecord[] => records.filter((r) => r.relation !== 'delegate');

/** The address of a record's page (its own record's is /investor, where the login lands) and of the combined view. */
export const recordPath = (record: MyRecord): string =>
  record.relation === 'own' ? '/investor' : `/investor/${encodeURIComponent(record.investor_name)}`;
export const COMBINED_PATH = '/investor?view=combined';
