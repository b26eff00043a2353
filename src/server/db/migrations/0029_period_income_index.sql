-- Incomes recorded for a period (a year's rent paid at once) are read with every read of a property's books
-- (readBooks' period incomes), by property. Without an index of their own that read walked every income row
-- of the properties to find the few with a period: at the large tier 9 ms for each LLC's books even when none
-- had one, half a second of a distribution run's draft (docs/performance.md). This index holds only them.
CREATE INDEX ledger_period_income_idx ON ledger_entry (property_id)
  WHERE kind = 'property_income' AND period_start IS NOT NULL;
