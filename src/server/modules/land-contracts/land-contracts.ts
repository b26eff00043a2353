/**
 * The land-contracts module's public face: what other modules may use of it (docs/architecture.md, "Modules").
 * Adding a property checks its land-contract terms by the same rule as changing them.
 */
export { checkedTerms, type StoredTerms, type TermsInput } from './land-contract-terms.js';
export { contractColumns, taxTermsOf, type ContractColumns } from './contract-columns.js';
