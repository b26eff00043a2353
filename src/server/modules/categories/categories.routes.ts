import type { Handlers } from '../../http/handlers.js';
import type { CategoriesService } from './categories.service.js';

export const categoriesRoutes = (categories: CategoriesService) =>
  ({
    addExpenseCategory: ({ body, write }) => categories.addCategory(body, write()),
  }) satisfies Partial<Handlers>;
