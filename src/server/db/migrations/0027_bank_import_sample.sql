-- What a statement's preview showed besides its lines, kept so that reading the import later shows the
-- same: the rows that were not transactions (a balance line, a total), and for a CSV its header, first
-- rows and the column mapping used.
ALTER TABLE bank_import ADD COLUMN not_transactions integer NOT NULL DEFAULT 0 CHECK (not_transactions >= 0);
ALTER TABLE bank_import ADD COLUMN csv_sample jsonb;
