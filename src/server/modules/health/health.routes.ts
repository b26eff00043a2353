import type { Handlers } from '../../http/handlers.js';

/**
 * GET /healthz: the process is up and serving (a load balancer's liveness probe). It reads nothing, so
 * it is also the benchmark's bare route: what the framework costs before any work of the portal's.
 */
export const healthRoutes = {
  health: async () => ({ status: 'ok' as const }),
} satisfies Partial<Handlers>;
