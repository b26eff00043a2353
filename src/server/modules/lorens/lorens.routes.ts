import type { Handlers } from '../../http/handlers.js';
import type { LorensService } from './lorens.service.js';

export const lorensRoutes = (lorens: LorensService) =>
  ({
    addLoren: ({ body, write }) => lorens.addLoren(body.loren_name, write()),
  }) satisfies Partial<Handlers>;
