import type { Queryable } from '../db/client.js';
import { NotFoundError, ValidationError } from '../lib/errors.js';
import { findCategory, type Category, type CategoryScope } from './categories/categories.js';
import { findInvestorByName, type Investor } from './investors/investors.js';
import { findLlcByName, type Llc } from './llcs/llcs.js';
import { findLorenByName, type Loren } from './lorens/lorens.js';
import { findPropertyByName, type Property } from './properties/properties.js';

/**
 * Names in request bodies become rows here. A name an entry refers to (the property of an income, the
 * LLC of a new property, a category) that does not exist is a 400 that repeats the name, so the admin
 * sees which selection was wrong (docs/rules/ledger.md "Validation on recording"): the require* below.
 */
const unknown = (what: string, name: string) => new ValidationError(`No ${what} named "${name}".`);

/**
 * A name a read asks for, or the one thing a write acts on (the property whose notes or picture change,
 * the LLC updated or locked, the investor whose fee or login changes): one that does not exist answers
 * 404 with the same words, as the read of it does (the existing* below; docs/api.md, Conventions).
 */
const missing = (what: string, name: string) => new NotFoundError(`No ${what} named "${name}".`);

export async function existingProperty(db: Queryable, name: string): Promise<Property> {
  return (await findPropertyByName(db, name)) ?? Promise.reject(missing('property', name));
}

export async function existingInvestor(db: Queryable, name: string): Promise<Investor> {
  return (await findInvestorByName(db, name)) ?? Promise.reject(missing('investor', name));
}

export async function existingLlc(db: Queryable, name: string): Promise<Llc> {
  return (await findLlcByName(db, name)) ?? Promise.reject(missing('LLC', name));
}

export async function requireProperty(db: Queryable, name: string): Promise<Property> {
  return (await findPropertyByName(db, name)) ?? Promise.reject(unknown('property', name));
}

export async function requireInvestor(db: Queryable, name: string): Promise<Investor> {
  return (await findInvestorByName(db, name)) ?? Promise.reject(unknown('investor', name));
}

export async function requireLlc(db: Queryable, name: string): Promise<Llc> {
  return (await findLlcByName(db, name)) ?? Promise.reject(unknown('LLC', name));
}

export async function requireLoren(db: Queryable, name: string): Promise<Loren> {
  return (await findLorenByName(db, name)) ?? Promise.reject(unknown('loren', name));
}

const SCOPE_WORDS: Record<CategoryScope, string> = {
  income: 'income category',
  property_expense: 'property expense category',
  llc_expense: 'LLC expense category',
};

export async function requireCategory(db: Queryable, scope: CategoryScope, name: string): Promise<Category> {
  return (await findCategory(db, scope, name)) ?? Promise.reject(unknown(SCOPE_WORDS[scope], name));
}

export async function optionalLoren(db: Queryable, name: string | null | undefined): Promise<Loren | null> {
  return name ? requireLoren(db, name) : null;
}
