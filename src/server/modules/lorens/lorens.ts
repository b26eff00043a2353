/** The lorens module's public face: what other modules may use of it (docs/architecture.md, "Modules"). */
export { findLorenByName, type Loren } from './lorens.repository.js';
