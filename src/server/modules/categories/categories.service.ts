import type { z } from 'zod';
import type { AddExpenseCategoryRequest } from '../../../contract/schemas/master-data.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { WriteContext } from '../../lib/write-context.js';
import { auditChange } from '../audit/audit.js';
import { refuseTakenName } from '../taken-names.js';
import { insertCategory, type CategoryScope } from './categories.repository.js';

/** Where a category added by an admin lands on the tax forms (docs/rules/tax-reports.md). */
const DEFAULT_TAX_LINE: Record<CategoryScope, string> = {
  income: '8825 L2b',
  property_expense: '8825 L15 Other',
  llc_expense: '1065 p1 other deductions',
};

export function createCategoriesService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** "Add Expense Category": property-expense scope unless another is chosen (extension). */
    async addCategory(input: z.output<typeof AddExpenseCategoryRequest>, ctx: WriteContext): Promise<void> {
      const scope = input.scope ?? 'property_expense';
      await db.transaction(async (tx) => {
        await refuseTakenName(tx, { table: 'category', scope, name: input.expense_category, taken: (name) => `The category "${name}" already exists` });
        const category = await insertCategory(tx, { scope, name: input.expense_category, taxLine: DEFAULT_TAX_LINE[scope] });
        await auditChange(tx, ctx, clock.now(), { action: 'create', entity: 'category', id: category.id, after: category });
      });
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
