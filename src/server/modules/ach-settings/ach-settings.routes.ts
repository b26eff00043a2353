import type { Handlers } from '../../http/handlers.js';
import type { AchSettingsService } from './ach-settings.service.js';

/** The group's ACH details (contract/endpoints.ts, "ACH details"). */
export const achSettingsRoutes = (ach: AchSettingsService) =>
  ({
    achSettings: () => ach.settings(),
    changeAchSettings: ({ body, write }) => ach.change(body, write()),
  }) satisfies Partial<Handlers>;
