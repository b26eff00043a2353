/**
 * The properties module's public face: what other modules may use of it (docs/architecture.md, "Modules").
 * A deposit's withdrawal or void takes the property's row lock; reports read properties by id.
 */
export { findPropertyByName, lockProperty, propertiesById, type Property, type PropertyType } from './properties.repository.js';
