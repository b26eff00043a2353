-- Land contracts serviced from the books (docs/decisions.md 51): the installment and its first due date
-- make the amortization schedule; grace days say when a payment is late; a mortgage the buyer assumed is
-- part of the sale price but not owed to the seller (it enters the contract price, docs/rules/tax-reports.md);
-- the buyer is who the payoff letter and year-end statement are addressed to. Each needs the tax terms.
ALTER TABLE property ADD COLUMN lc_installment_cents bigint CHECK (lc_installment_cents > 0);
ALTER TABLE property ADD COLUMN lc_first_due_date date;
ALTER TABLE property ADD COLUMN lc_grace_days integer NOT NULL DEFAULT 10 CHECK (lc_grace_days BETWEEN 0 AND 60);
ALTER TABLE property ADD COLUMN lc_assumed_mortgage_cents bigint NOT NULL DEFAULT 0 CHECK (lc_assumed_mortgage_cents >= 0);
ALTER TABLE property ADD COLUMN lc_buyer_name text CHECK (length(lc_buyer_name) <= 200);
ALTER TABLE property ADD COLUMN lc_buyer_address text CHECK (length(lc_buyer_address) <= 300);
ALTER TABLE property ADD CONSTRAINT property_lc_servicing_with_terms CHECK (
  (lc_installment_cents IS NULL AND lc_first_due_date IS NULL AND lc_assumed_mortgage_cents = 0
     AND lc_buyer_name IS NULL AND lc_buyer_address IS NULL)
  OR lc_sale_date IS NOT NULL
);
ALTER TABLE property ADD CONSTRAINT property_lc_first_due_after_sale CHECK (lc_first_due_date IS NULL OR lc_first_due_date > lc_sale_date);
ALTER TABLE property ADD CONSTRAINT property_lc_mortgage_within_price CHECK (
  lc_assumed_mortgage_cents = 0 OR lc_assumed_mortgage_cents + lc_down_payment_cents <= lc_sale_price_cents
);

-- The applicable federal rates (IRS revenue rulings, table 1, monthly compounding) by month and term: the
-- tax report tests a contract's stated rate against the lowest of its sale month and the two before
-- (IRC §1274(d)(2)) and, when lower, imputes interest (IRC §483 or §1274).
CREATE TABLE federal_rate (
  month       date NOT NULL CHECK (extract(day FROM month) = 1),
  term        text NOT NULL CHECK (term IN ('short', 'mid', 'long')),
  rate_bps    integer NOT NULL CHECK (rate_bps BETWEEN 0 AND 10000),
  recorded_by integer NOT NULL REFERENCES portal_user (id),
  recorded_at timestamptz NOT NULL,
  PRIMARY KEY (month, term)
);
-- The tax reports read the rates: a rate recorded makes kept tax reports unservable, as a category does.
CREATE TRIGGER shared_scope_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON federal_rate
  FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();
