import { isValidDate } from '../../../contract/values/calendar.js';
import { isRoutingNumber } from '../../../contract/values/routing-number.js';
import { ValidationError } from '../errors.js';
import { achField } from './ach-text.js';
import {
  BATCH_CONTROL, BATCH_HEADER, BLOCKING_FACTOR, ENTRY_DETAIL, FILE_CONTROL, FILE_HEADER, FILLER, formatRecord,
} from './nacha-layout.js';

/** The group's ACH details (modules/ach-settings): who sends the file, to which bank. */
export type NachaSettings = { companyName: string; companyId: string; originatingRouting: string; destinationRouting: string; destinationName: string; originName: string };
/** One payment: a credit to the payee's checking or savings account. */
export type NachaEntry = { name: string; routingNumber: string; accountNumber: string; accountType: 'checking' | 'savings'; amountCents: number; individualId: string };

/** The largest amount one entry's 10-digit field holds: $99,999,999.99. */
export const MAX_ENTRY_CENTS = 9_999_999_999;
const MAX_TOTAL_CENTS = 999_999_999_999; // the controls' 12-digit total fields
const MAX_ENTRIES = 999_999; // the batch control's 6-digit entry count
const CHECKING_CREDIT = '22';
const SAVINGS_CREDIT = '32';

const yymmdd = (isoDate: string) => isoDate.slice(2, 4) + isoDate.slice(5, 7) + isoDate.slice(8, 10);

function checkSettings(s: NachaSettings): void {
  if (!isRoutingNumber(s.originatingRouting)) throw new ValidationError('The ACH details\' originating routing number is not a valid ABA routing number: correct it in the ACH details first.');
  if (!isRoutingNumber(s.destinationRouting)) throw new ValidationError('The ACH details\' destination routing number is not a valid ABA routing number: correct it in the ACH details first.');
  if (!/^[\x21-\x7e][\x20-\x7e]{0,9}$/.test(s.companyId)) throw new ValidationError('The ACH details\' company ID must be at most 10 plain characters: correct it in the ACH details first.');
}

function checkEntry(e: NachaEntry, n: number): void {
  const who = `Payment ${n} (${achField(e.name, 22) || 'no name'})`;
  if (!Number.isSafeInteger(e.amountCents)) throw new ValidationError(`${who}: the amount must be a whole number of cents.`);
  if (e.amountCents <= 0) throw new ValidationError(`${who}: the amount must be more than zero.`);
  if (e.amountCents > MAX_ENTRY_CENTS) throw new ValidationError(`${who}: the amount is more than $99,999,999.99, the most one ACH payment can carry.`);
  if (!isRoutingNumber(e.routingNumber)) throw new ValidationError(`${who}: the routing number is not a valid 9-digit ABA routing number.`);
  if (!/^[0-9A-Za-z-]{1,17}$/.test(e.accountNumber)) throw new ValidationError(`${who}: the account number must be 1 to 17 digits or letters.`);
  if (!achField(e.name, 22)) throw new ValidationError(`${who}: the payee needs a name.`);
}

/**
 * One NACHA (ACH) file of PPD credits in one batch, as a bank takes it for upload: records of 94
 * characters separated by '\n', completed with filler records of nines to a multiple of ten. The file is
 * dated createdAt in UTC; the batch settles on effectiveDate (YYYY-MM-DD). Refuses, in plain words, an
 * amount that is not a whole number of cents from 1 to 9,999,999,999, a bad routing number, a bad
 * account number and an empty list; names and descriptions are made plain ASCII and cut to their fields.
 */
export function nachaFile(input: { settings: NachaSettings; createdAt: Date; effectiveDate: string; description: string; entries: NachaEntry[] }): string {
  const { settings, createdAt, effectiveDate, description, entries } = input;
  checkSettings(settings);
  if (entries.length === 0) throw new ValidationError('There are no payments to put in the ACH file.');
  if (entries.length > MAX_ENTRIES) throw new ValidationError(`One ACH batch holds at most ${MAX_ENTRIES} payments.`);
  if (!isValidDate(effectiveDate)) throw new ValidationError('The effective date must be a date (YYYY-MM-DD).');
  entries.forEach((e, i) => checkEntry(e, i + 1));
  const totalCredit = entries.reduce((sum, e) => sum + e.amountCents, 0);
  if (totalCredit > MAX_TOTAL_CENTS) throw new ValidationError('The payments add up to more than one ACH file can carry ($9,999,999,999.99).');

  const odfi = settings.originatingRouting.slice(0, 8);
  const companyId = settings.companyId;
  const iso = createdAt.toISOString();
  const batchNumber = '1';
  const records: string[] = [];

  records.push(formatRecord(FILE_HEADER, {
    recordType: '1', priorityCode: '01', immediateDestination: settings.destinationRouting, immediateOrigin: settings.originatingRouting,
    creationDate: yymmdd(iso), creationTime: iso.slice(11, 13) + iso.slice(14, 16), fileIdModifier: 'A', recordSize: '094',
    blockingFactor: String(BLOCKING_FACTOR), formatCode: '1', destinationName: achField(settings.destinationName, 23),
    originName: achField(settings.originName, 23), referenceCode: '',
  }));
  records.push(formatRecord(BATCH_HEADER, {
    recordType: '5', serviceClass: '220', companyName: achField(settings.companyName, 16), discretionaryData: '',
    companyId, secCode: 'PPD', entryDescription: achField(description, 10), descriptiveDate: '',
    effectiveDate: yymmdd(effectiveDate), settlementDate: '', originatorStatus: '1', odfi, batchNumber,
  }));
  let entryHash = 0;
  entries.forEach((e, i) => {
    entryHash += Number(e.routingNumber.slice(0, 8));
    records.push(formatRecord(ENTRY_DETAIL, {
      recordType: '6', transactionCode: e.accountType === 'savings' ? SAVINGS_CREDIT : CHECKING_CREDIT,
      rdfi: e.routingNumber.slice(0, 8), checkDigit: e.routingNumber.slice(8), accountNumber: e.accountNumber.toUpperCase(),
      amount: String(e.amountCents), individualId: achField(e.individualId, 15), name: achField(e.name, 22),
      discretionaryData: '', addendaIndicator: '0', traceNumber: odfi + String(i + 1).padStart(7, '0'),
    }));
  });
  // The entry hash keeps its last ten digits only: a long file's sum overflows the field by design.
  const hash = String(entryHash % 10_000_000_000);
  records.push(formatRecord(BATCH_CONTROL, {
    recordType: '8', serviceClass: '220', entryCount: String(entries.length), entryHash: hash, totalDebit: '0',
    totalCredit: String(totalCredit), companyId, authenticationCode: '', reserved: '', odfi, batchNumber,
  }));
  const recordCount = records.length + 1;
  const blockCount = Math.ceil(recordCount / BLOCKING_FACTOR);
  records.push(formatRecord(FILE_CONTROL, {
    recordType: '9', batchCount: '1', blockCount: String(blockCount), entryCount: String(entries.length), entryHash: hash,
    totalDebit: '0', totalCredit: String(totalCredit), reserved: '',
  }));
  while (records.length < blockCount * BLOCKING_FACTOR) records.push(FILLER);
  return records.join('\n');
}
