import type { Handlers } from '../../http/handlers.js';
import type { PropertiesService } from './properties.service.js';

/** Investment properties and their notes. */
export const propertiesRoutes = (properties: PropertiesService) =>
  ({
    addInvestmentProperty: ({ body, write }) => properties.addProperty(body, write()),
    getPropertyNotes: ({ query }) => properties.getNotes(query.property_name),
    setPropertyNotes: ({ body, write }) => properties.setNotes(body, write()),
  }) satisfies Partial<Handlers>;
