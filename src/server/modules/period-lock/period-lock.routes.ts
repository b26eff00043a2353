import type { Handlers } from '../../http/handlers.js';
import type { PeriodLockService } from './period-lock.service.js';

export const periodLockRoutes = (locks: PeriodLockService) =>
  ({
    periodLocks: () => locks.list(),
    setPeriodLock: ({ body, write }) => locks.set(body, write()),
  }) satisfies Partial<Handlers>;
