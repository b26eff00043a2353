/** The categories module's public face: what other modules may use of it (docs/architecture.md, "Modules"). */
export { findCategory, type Category, type CategoryScope } from './categories.repository.js';
