/** The LLCs module's public face: what other modules may use of it (docs/architecture.md, "Modules"). */
export { findLlcById, findLlcByName, type Llc } from './llcs.repository.js';
