import { z } from 'zod';
import { IsoDate } from '../fields.js';

/** Statements and exports: files, not JSON. Dates 'YYYY-MM-DD'; a period includes both ends. */

/** The bytes of a download, as the API reference shows them. */
export const FileBody = z.string().meta({ format: 'binary' });

const Period = { from: IsoDate('From'), to: IsoDate('To') };

export const InvestorStatementQuery = z.strictObject({ investor_name: z.string().trim().max(100).optional(), ...Period });

export const StatementsQuery = z.strictObject(Period);

export const LedgerExportQuery = z.strictObject(Period);
