import type { ParsedBody } from '../../../contract/endpoint.js';
import type { Endpoints } from '../../../contract/endpoints.js';
import { together, type Queryable } from '../../db/client.js';
import { monthOf } from '../../domain/dates.js';
import { ValidationError } from '../../lib/errors.js';
import type { WriteContext } from '../../lib/write-context.js';
import { lockInvestor } from '../investors/investors.js';
import type { EntryBuilder, EntryWriter } from '../ledger/ledger.js';
import { lockProperty, type Property, type PropertyType } from '../properties/properties.js';
import { optionalLoren, requireCategory, requireInvestor, requireLlc, requireProperty } from '../references.js';

type Body<K extends keyof Endpoints> = ParsedBody<Endpoints[K]>;
type Builder<K extends keyof Endpoints> = EntryBuilder<Body<K>>;

const TYPE_WORDS: Record<PropertyType, string> = { rental: 'a rental', land_contract: 'a land-contract', other: 'an "other"' };

/** The property type must fit the kind (docs/rules/ledger.md "The ten kinds"): e.g. no LC payment on a rental. */
async function requirePropertyOfType(tx: Queryable, name: string, type: PropertyType, what: string): Promise<Property> {
  const property = await requireProperty(tx, name);
  if (property.propertyType !== type) {
    throw new ValidationError(`${what} can only be recorded on ${TYPE_WORDS[type]} property; "${property.name}" is ${TYPE_WORDS[property.propertyType]} property.`);
  }
  return property;
}

/**
 * The money coming in and the expenses of the admin forms (docs/rules/ledger.md). Amounts, dates and months
 * arrive parsed by the contract; names become rows here, inside the write's transaction, looked up
 * together (one round trip on PostgreSQL; the first unknown name in the form's order is the one refused). Each form's
 * entry is built by one function, which a correction (ledger/corrections.ts) runs too.
 */
export const recordingBuilders = {
  recordPropertyIncome: (async (tx, input) => {
    const [property, category, loren] = await together([
      requireProperty(tx, input.property_name), requireCategory(tx, 'income', input.income_category), optionalLoren(tx, input.loren_name),
    ]);
    return { kind: 'property_income', date: input.income_date, forMonth: input.income_for_month, amountCents: input.amount,
      propertyId: property.id, categoryId: category.id, lorenId: loren?.id, description: input.description };
  }) satisfies Builder<'recordPropertyIncome'>,

  /** Income for a period (Loren income), spread over its days when figures are computed (docs/rules/ledger.md "Period income"). */
  recordLorenIncome: (async (tx, input) => {
    if (input.start_date > input.end_date) throw new ValidationError('Start date must not be after the end date.');
    const [property, rent] = await together([requireProperty(tx, input.property_name), requireCategory(tx, 'income', 'Rent')]);
    return { kind: 'property_income', date: input.income_date, forMonth: monthOf(input.start_date), periodStart: input.start_date,
      periodEnd: input.end_date, amountCents: input.amount, propertyId: property.id, categoryId: rent.id, description: input.description };
  }) satisfies Builder<'recordLorenIncome'>,

  recordLcPayment: (async (tx, input) => {
    const [property, loren] = await together([
      requirePropertyOfType(tx, input.property_name, 'land_contract', 'A land-contract payment'), optionalLoren(tx, input.loren_name),
    ]);
    return { kind: 'lc_payment', date: input.payment_date, forMonth: monthOf(input.payment_date), amountCents: input.amount,
      propertyId: property.id, lorenId: loren?.id, description: input.description };
  }) satisfies Builder<'recordLcPayment'>,

  recordPropertyExpense: (async (tx, input) => {
    const [property, category, loren] = await together([
      requireProperty(tx, input.property_name), requireCategory(tx, 'property_expense', input.expense_category), optionalLoren(tx, input.loren_name),
    ]);
    return { kind: 'property_expense', date: input.expense_date, forMonth: input.expense_for_month, amountCents: input.amount,
      propertyId: property.id, categoryId: category.id, lorenId: loren?.id, payer: input.payer?.trim() || null,
      description: input.description };
  }) satisfies Builder<'recordPropertyExpense'>,

  /** An expense charged 100% to one investor (docs/rules/ledger.md), even one without capital there (docs/rules/ownership.md). */
  recordInvestorPropertyExpense: (async (tx, input) => {
    const [investor, property, category, loren] = await together([
      requireInvestor(tx, input.investor), requireProperty(tx, input.property_name),
      requireCategory(tx, 'property_expense', input.expense_category), optionalLoren(tx, input.loren_name),
    ]);
    await lockInvestor(tx, investor.id);
    return { kind: 'investor_property_expense', date: input.expense_date, forMonth: input.expense_for_month,
      amountCents: input.amount, investorId: investor.id, propertyId: property.id, categoryId: category.id,
      lorenId: loren?.id, payer: input.payer.trim(), description: input.description };
  }) satisfies Builder<'recordInvestorPropertyExpense'>,

  recordLlcExpense: (async (tx, input) => {
    const [llc, category] = await together([requireLlc(tx, input.llc_name), requireCategory(tx, 'llc_expense', input.expense_category)]);
    return { kind: 'llc_expense', date: input.expense_date, forMonth: monthOf(input.expense_date), amountCents: input.amount,
      llcId: llc.id, categoryId: category.id, payer: input.payer.trim(), description: input.description };
  }) satisfies Builder<'recordLlcExpense'>,

  /** A security deposit is a liability, not income (docs/rules/ledger.md): rentals only. */
  addRentalDeposit: (async (tx, input) => {
    const [property, loren] = await together([
      requirePropertyOfType(tx, input.property_name, 'rental', 'A rental deposit'), optionalLoren(tx, input.loren_name),
    ]);
    await lockProperty(tx, property.id);
    return { kind: 'deposit', date: input.date, forMonth: monthOf(input.date), amountCents: input.amount,
      propertyId: property.id, lorenId: loren?.id, description: input.notes };
  }) satisfies Builder<'addRentalDeposit'>,

  addInvestment: (async (tx, input) => {
    const [investor, property] = await together([requireInvestor(tx, input.investor_name), requireProperty(tx, input.property_name)]);
    await lockInvestor(tx, investor.id);
    return { kind: 'investment', date: input.date, forMonth: monthOf(input.date), amountCents: input.amount,
      investorId: investor.id, propertyId: property.id };
  }) satisfies Builder<'addInvestment'>,
};

export type RecordingForm = keyof typeof recordingBuilders;

/** Each recording call: its entry, built and written in one transaction under its Idempotency-Key. */
export function createRecordingService({ record }: { record: EntryWriter }) {
  const write = <K extends RecordingForm>(form: K) => (input: Body<K>, ctx: WriteContext) =>
    record(ctx, (tx) => (recordingBuilders[form] as Builder<K>)(tx, input));
  return {
    recordPropertyIncome: write('recordPropertyIncome'),
    recordLorenIncome: write('recordLorenIncome'),
    recordLcPayment: write('recordLcPayment'),
    recordPropertyExpense: write('recordPropertyExpense'),
    recordInvestorPropertyExpense: write('recordInvestorPropertyExpense'),
    recordLlcExpense: write('recordLlcExpense'),
    addRentalDeposit: write('addRentalDeposit'),
    addInvestment: write('addInvestment'),
  };
}

export type RecordingService = ReturnType<typeof createRecordingService>;
