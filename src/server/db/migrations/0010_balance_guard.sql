-- A second guard on the balances a withdrawal draws from (security.md L5), kept by the database itself.
--
-- The services check every withdrawal and void under a row lock (L4) before they write. This guard
-- checks again at commit, whatever wrote the row: an investor's capital in a property (investments less
-- returns of capital) and the deposits held for a property (deposits less refunds) may never go below
-- zero on any date. Same date: money in before money out, then in the order written, as the services
-- count (domain/limits.ts firstNegativeDate). A violation ends the transaction with check_violation
-- (23514) and this constraint's name; the API answers it with the message below.
--
-- Cash withdrawals draw on the cash balance, which comes from the ownership and fee allocation
-- (domain.md): that rule lives in the server's domain functions, not here, and stays guarded by the
-- investor row lock alone.
CREATE FUNCTION ledger_balance_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  capital boolean := NEW.kind IN ('investment', 'investment_withdrawal');
  negative_on date;
BEGIN
  SELECT r.date INTO negative_on FROM (
    SELECT e.date,
           sum(CASE WHEN e.kind IN ('investment', 'deposit') THEN e.amount_cents ELSE -e.amount_cents END)
             OVER (ORDER BY e.date, e.kind IN ('investment', 'deposit') DESC, e.id) AS running
      FROM ledger_entry e
     WHERE e.voided_at IS NULL AND e.property_id = NEW.property_id
       AND CASE WHEN capital THEN e.investor_id = NEW.investor_id AND e.kind IN ('investment', 'investment_withdrawal')
                ELSE e.kind IN ('deposit', 'deposit_withdrawal') END
  ) r WHERE r.running < 0 ORDER BY r.date LIMIT 1;
  IF negative_on IS NOT NULL THEN
    RAISE EXCEPTION 'This would make % negative on %.',
      CASE WHEN capital THEN 'this investor''s capital in this property' ELSE 'the deposits held for this property' END,
      to_char(negative_on, 'YYYY-MM-DD')
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_balance_guard';
  END IF;
  RETURN NULL;
END
$$;

-- Deferred to commit: a transaction may write several rows of one balance, and only the end state counts.
CREATE CONSTRAINT TRIGGER ledger_balance_guard AFTER INSERT OR UPDATE ON ledger_entry
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.kind IN ('investment', 'investment_withdrawal', 'deposit', 'deposit_withdrawal'))
  EXECUTE FUNCTION ledger_balance_guard();
