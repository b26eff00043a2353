import type { Queryable } from '../db/client.js';
import { ValidationError } from '../lib/errors.js';
import { findCategory, type Category, type CategoryScope } from './categories/categories.repository.js';
import { findInvestorByName, type Investor } from './investors/investors.repository.js';
import { findLlcByName, type Llc } from './llcs/llcs.repository.js';
import { findLorenByName, type Loren } from './lorens/lorens.repository.js';
import { findPropertyByName, type Property } from './properties/properties.repository.js';

/**
 * Names in request bodies become rows here. An unknown name is a 400 that repeats the name, so the
 * admin sees which selection was wrong (domain.md §3.3).
 */
const unknown = (what: string, name: string) => new ValidationError(`No ${what} named "${name}".`);

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
