-- Every void looks for the rows tied to the voided one (a retained deposit's income row: ledger/voids.ts),
-- by linked_entry_id, which had no index: each void read the whole ledger, 93 ms at the large tier's 1.2
-- million rows, most of a void's time, and 2,000 of them to undo a distribution run (docs/performance.md).
-- Few rows are linked, so the index holds only those.
CREATE INDEX ledger_linked_entry_idx ON ledger_entry (linked_entry_id) WHERE linked_entry_id IS NOT NULL;
