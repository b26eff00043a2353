import type { z } from 'zod';
import type {
  AddLlcBankAccountRequest, ChangeLlcBankAccountRequest, LlcBankAccountsResponse,
} from '../../../contract/schemas/bank-import.js';
import type { Db, Queryable } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import type { Llc } from '../llcs/llcs.js';
import type { Property } from '../properties/properties.js';
import { existingLlc, existingProperty } from '../references.js';
import type { LlcBankAccountRow } from './bank-import-types.js';
import {
  accountsOfLlc, findLlcBankAccount, insertLlcBankAccount, lockAccountsOfLlc, setAccountProperties, updateLlcBankAccount,
} from './llc-bank-accounts.repository.js';

type AddInput = z.output<typeof AddLlcBankAccountRequest>;
type ChangeInput = z.output<typeof ChangeLlcBankAccountRequest>;

/** An account as its audit row keeps it: names, never ids, so the trail reads the same after a rename. */
const auditView = (llc: Llc, a: { name: string; last4: string | null; propertyNames: string[] }) =>
  ({ llc: llc.name, name: a.name, last4: a.last4, properties: a.propertyNames });

/** The properties named, each a property of the LLC (the account serves that LLC's properties only), each once. */
async function propertiesOfLlc(tx: Queryable, llc: Llc, names: string[]): Promise<Property[]> {
  const found: Property[] = [];
  for (const name of names) {
    const property = await existingProperty(tx, name);
    if (property.llcId !== llc.id) throw new ValidationError(`“${property.name}” is not a property of ${llc.name}.`);
    if (!found.some((p) => p.id === property.id)) found.push(property);
  }
  return found;
}

const taken = (llc: Llc, name: string) => new ConflictError(`${llc.name} already has a bank account named “${name}”.`);

async function existingAccount(tx: Queryable, llc: Llc, name: string): Promise<LlcBankAccountRow> {
  const account = await findLlcBankAccount(tx, llc.id, name);
  if (!account) throw new NotFoundError(`${llc.name} has no bank account named “${name}”.`);
  return account;
}

/**
 * An LLC's bank accounts (docs/product.md "Bank statement import"): where its statements come from, the
 * properties each usually serves (a line is proposed for the property when it serves exactly one), and
 * the CSV column mapping kept from its last CSV statement. Every write is one transaction, audited.
 */
export function createLlcBankAccountsService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async list(query: { llc_name: string }): Promise<z.input<typeof LlcBankAccountsResponse>> {
      return db.snapshot(async (tx) => {
        const llc = await existingLlc(tx, query.llc_name);
        const accounts = await accountsOfLlc(tx, llc.id);
        return {
          llc_name: llc.name,
          accounts: accounts.map((a) => ({ name: a.name, last4: a.last4, property_names: a.propertyNames, csv_mapping: a.csvMapping })),
        };
      });
    },

    async add(input: AddInput, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        const llc = await existingLlc(tx, input.llc_name);
        await lockAccountsOfLlc(tx, llc.id);
        const same = await findLlcBankAccount(tx, llc.id, input.name);
        if (same) throw taken(llc, same.name);
        const properties = await propertiesOfLlc(tx, llc, input.property_names);
        const at = clock.now();
        const id = await insertLlcBankAccount(tx, { llcId: llc.id, name: input.name, last4: input.last4 ?? null, createdBy: ctx.userId, at });
        await setAccountProperties(tx, id, properties.map((p) => p.id));
        await auditChange(tx, ctx, at, {
          action: 'add_llc_bank_account', entity: 'llc_bank_account', id,
          after: auditView(llc, { name: input.name, last4: input.last4 ?? null, propertyNames: properties.map((p) => p.name) }),
        });
      });
    },

    async change(input: ChangeInput, ctx: WriteContext): Promise<void> {
      await db.transaction(async (tx) => {
        const llc = await existingLlc(tx, input.llc_name);
        await lockAccountsOfLlc(tx, llc.id);
        const account = await existingAccount(tx, llc, input.name);
        const name = input.new_name ?? account.name;
        const other = await findLlcBankAccount(tx, llc.id, name);
        if (other && other.id !== account.id) throw taken(llc, other.name);
        const properties = input.property_names === undefined ? null : await propertiesOfLlc(tx, llc, input.property_names);
        // An empty last4 clears it; left out keeps it. The same for the mapping with null and absent.
        const last4 = input.last4 === undefined ? account.last4 : input.last4 || null;
        const csvMapping = input.csv_mapping === undefined ? account.csvMapping : input.csv_mapping;
        await updateLlcBankAccount(tx, account.id, { name, last4, csvMapping });
        if (properties) await setAccountProperties(tx, account.id, properties.map((p) => p.id));
        const propertyNames = properties ? properties.map((p) => p.name) : account.propertyNames;
        await auditChange(tx, ctx, clock.now(), {
          action: 'change_llc_bank_account', entity: 'llc_bank_account', id: account.id,
          before: { ...auditView(llc, account), csv_mapping: account.csvMapping },
          after: { ...auditView(llc, { name, last4, propertyNames }), csv_mapping: csvMapping },
        });
      });
    },
  };
}

export type LlcBankAccountsService = ReturnType<typeof createLlcBankAccountsService>;
