import type { Handlers } from '../../http/handlers.js';
import type { AuditService } from './audit.service.js';

/** The audit trail as the admin reads it. */
export const auditRoutes = (audit: AuditService) =>
  ({
    auditLog: ({ query }) => audit.page(query),
  }) satisfies Partial<Handlers>;
