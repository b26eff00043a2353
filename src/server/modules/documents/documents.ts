/**
 * The document vault's public face: what other modules may use of it (docs/architecture.md, "Modules").
 * K-1s in one upload keep their files in the vault's store and publish each as a member's document.
 */
export type { FileStore } from './file-store.js';
export { safeFileName } from './documents.service.js';
export { findDocument, findDocuments, firstDownloadsOfCurrent, insertDocument, insertVersion, lockDocument } from './documents.repository.js';
