/**
 * The investor-corrections module's public face (docs/architecture.md, "Modules"): the statements module
 * records here that a statement was shown to an investor, so a correction into its period afterwards is
 * told as one (docs/decisions.md 50).
 */
export { insertStatementDownload } from './investor-corrections.repository.js';
