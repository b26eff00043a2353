-- The optional selling expenses of a land-contract sale (domain.md §5.5): they lower the gross profit
-- of the installment method. Optional beside the other terms, so only allowed where terms exist.
ALTER TABLE property ADD COLUMN lc_selling_expenses_cents bigint CHECK (lc_selling_expenses_cents >= 0);
ALTER TABLE property ADD CONSTRAINT property_lc_selling_expenses_with_terms
  CHECK (lc_selling_expenses_cents IS NULL OR lc_sale_date IS NOT NULL);
