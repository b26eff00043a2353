-- GENERATED FILE: do not edit. It is never run: the migrations beside it are what build a database.
-- It is what a new database holds after every migration, read back from its catalog, so the whole
-- schema can be read in one place. After adding a migration, regenerate it with `npm run schema`
-- (tests/integration/schema.test.ts fails while it differs from what the migrations build).
--
-- Migrations: 0001_initial_schema.sql … 0035_name_key_kept_plan.sql (35)

CREATE TABLE ach_settings (
  id                  smallint DEFAULT 1 NOT NULL,
  company_name        text NOT NULL,
  company_id          text NOT NULL,
  originating_routing text NOT NULL,
  destination_routing text NOT NULL,
  destination_name    text NOT NULL,
  origin_name         text NOT NULL,
  updated_at          timestamp with time zone NOT NULL,
  updated_by          integer NOT NULL,
  CONSTRAINT ach_settings_company_id_check CHECK (company_id ~ '^[0-9A-Z]{10}$'::text),
  CONSTRAINT ach_settings_company_name_check CHECK (length(company_name) >= 1 AND length(company_name) <= 16),
  CONSTRAINT ach_settings_destination_name_check CHECK (length(destination_name) >= 1 AND length(destination_name) <= 23),
  CONSTRAINT ach_settings_destination_routing_check CHECK (destination_routing ~ '^[0-9]{9}$'::text),
  CONSTRAINT ach_settings_id_check CHECK (id = 1),
  CONSTRAINT ach_settings_origin_name_check CHECK (length(origin_name) >= 1 AND length(origin_name) <= 23),
  CONSTRAINT ach_settings_originating_routing_check CHECK (originating_routing ~ '^[0-9]{9}$'::text),
  CONSTRAINT ach_settings_pkey PRIMARY KEY (id),
  CONSTRAINT ach_settings_updated_by_fkey FOREIGN KEY (updated_by) REFERENCES portal_user(id)
);

CREATE TABLE answer_cache (
  key       text NOT NULL,
  scopes    text[] NOT NULL,
  versions  bigint[] NOT NULL,
  stamp     text NOT NULL,
  kept_at   timestamp with time zone DEFAULT now() NOT NULL,
  body_gzip bytea NOT NULL,
  CONSTRAINT answer_cache_pkey PRIMARY KEY (key)
);
CREATE INDEX answer_cache_kept_at_idx ON public.answer_cache USING btree (kept_at);

CREATE TABLE api_token (
  id           integer GENERATED ALWAYS AS IDENTITY,
  user_id      integer NOT NULL,
  name         text NOT NULL,
  token_hash   text NOT NULL,
  read_only    boolean NOT NULL,
  created_at   timestamp with time zone NOT NULL,
  expires_at   timestamp with time zone NOT NULL,
  last_used_at timestamp with time zone,
  revoked_at   timestamp with time zone,
  CONSTRAINT api_token_check CHECK (expires_at > created_at),
  CONSTRAINT api_token_name_check CHECK (name = btrim(name) AND name <> ''::text AND length(name) <= 100),
  CONSTRAINT api_token_pkey PRIMARY KEY (id),
  CONSTRAINT api_token_token_hash_key UNIQUE (token_hash),
  CONSTRAINT api_token_user_id_fkey FOREIGN KEY (user_id) REFERENCES portal_user(id)
);
CREATE INDEX api_token_user_idx ON public.api_token USING btree (user_id);

CREATE TABLE audit_event (
  id           bigint GENERATED ALWAYS AS IDENTITY,
  at           timestamp with time zone DEFAULT now() NOT NULL,
  user_id      integer,
  action       text NOT NULL,
  entity       text NOT NULL,
  entity_id    text,
  before       jsonb,
  after        jsonb,
  ip           text,
  prev_hash    text NOT NULL,
  hash         text NOT NULL,
  api_token_id integer,
  CONSTRAINT audit_event_api_token_id_fkey FOREIGN KEY (api_token_id) REFERENCES api_token(id),
  CONSTRAINT audit_event_pkey PRIMARY KEY (id),
  CONSTRAINT audit_event_user_id_fkey FOREIGN KEY (user_id) REFERENCES portal_user(id)
);
CREATE INDEX audit_event_entity_idx ON public.audit_event USING btree (entity, entity_id);
CREATE TRIGGER audit_event_guard BEFORE DELETE OR UPDATE ON audit_event FOR EACH ROW EXECUTE FUNCTION audit_event_guard();

CREATE TABLE auth_attempt_window (
  key          text NOT NULL,
  window_start timestamp with time zone NOT NULL,
  attempts     integer NOT NULL,
  CONSTRAINT auth_attempt_window_attempts_check CHECK (attempts > 0),
  CONSTRAINT auth_attempt_window_pkey PRIMARY KEY (key)
);

CREATE TABLE bank_account (
  investor_id    integer NOT NULL,
  routing_sealed bytea NOT NULL,
  account_sealed bytea NOT NULL,
  type_sealed    bytea NOT NULL,
  holder_sealed  bytea NOT NULL,
  last4          text NOT NULL,
  since          timestamp with time zone NOT NULL,
  requested_by   integer NOT NULL,
  approved_by    integer,
  CONSTRAINT bank_account_approved_by_fkey FOREIGN KEY (approved_by) REFERENCES portal_user(id),
  CONSTRAINT bank_account_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT bank_account_last4_check CHECK (last4 ~ '^[0-9]{4}$'::text),
  CONSTRAINT bank_account_pkey PRIMARY KEY (investor_id),
  CONSTRAINT bank_account_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES portal_user(id)
);

CREATE TABLE bank_account_change (
  investor_id    integer NOT NULL,
  routing_sealed bytea NOT NULL,
  account_sealed bytea NOT NULL,
  type_sealed    bytea NOT NULL,
  holder_sealed  bytea NOT NULL,
  last4          text NOT NULL,
  requested_at   timestamp with time zone NOT NULL,
  requested_by   integer NOT NULL,
  CONSTRAINT bank_account_change_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT bank_account_change_last4_check CHECK (last4 ~ '^[0-9]{4}$'::text),
  CONSTRAINT bank_account_change_pkey PRIMARY KEY (investor_id),
  CONSTRAINT bank_account_change_requested_by_fkey FOREIGN KEY (requested_by) REFERENCES portal_user(id)
);

CREATE TABLE bank_import (
  id               integer GENERATED ALWAYS AS IDENTITY,
  llc_id           integer NOT NULL,
  bank_account_id  integer,
  account_key      text NOT NULL,
  file_name        text NOT NULL,
  file_sha256      text NOT NULL,
  format           text NOT NULL,
  state            text NOT NULL,
  uploaded_by      integer NOT NULL,
  uploaded_at      timestamp with time zone NOT NULL,
  committed_by     integer,
  committed_at     timestamp with time zone,
  lines_taken      integer,
  lines_skipped    integer,
  undone_by        integer,
  undone_at        timestamp with time zone,
  not_transactions integer DEFAULT 0 NOT NULL,
  csv_sample       jsonb,
  CONSTRAINT bank_import_bank_account_id_fkey FOREIGN KEY (bank_account_id) REFERENCES llc_bank_account(id),
  CONSTRAINT bank_import_check CHECK ((state = 'previewed'::text) = (committed_at IS NULL)),
  CONSTRAINT bank_import_check1 CHECK ((state = 'undone'::text) = (undone_at IS NOT NULL)),
  CONSTRAINT bank_import_committed_by_fkey FOREIGN KEY (committed_by) REFERENCES portal_user(id),
  CONSTRAINT bank_import_file_name_check CHECK (length(file_name) <= 255),
  CONSTRAINT bank_import_file_sha256_check CHECK (file_sha256 ~ '^[0-9a-f]{64}$'::text),
  CONSTRAINT bank_import_format_check CHECK (format = ANY (ARRAY['csv'::text, 'ofx'::text, 'qfx'::text])),
  CONSTRAINT bank_import_llc_id_fkey FOREIGN KEY (llc_id) REFERENCES llc(id),
  CONSTRAINT bank_import_not_transactions_check CHECK (not_transactions >= 0),
  CONSTRAINT bank_import_pkey PRIMARY KEY (id),
  CONSTRAINT bank_import_state_check CHECK (state = ANY (ARRAY['previewed'::text, 'committed'::text, 'undone'::text])),
  CONSTRAINT bank_import_undone_by_fkey FOREIGN KEY (undone_by) REFERENCES portal_user(id),
  CONSTRAINT bank_import_uploaded_by_fkey FOREIGN KEY (uploaded_by) REFERENCES portal_user(id)
);
CREATE INDEX bank_import_llc ON public.bank_import USING btree (llc_id, uploaded_at DESC);

CREATE TABLE bank_import_line (
  import_id    integer NOT NULL,
  line_no      integer NOT NULL,
  date         date NOT NULL,
  amount_cents bigint NOT NULL,
  payee        text NOT NULL,
  memo         text NOT NULL,
  reference    text,
  identity     text NOT NULL,
  decided      text,
  entry_id     bigint,
  live         boolean DEFAULT false NOT NULL,
  CONSTRAINT bank_import_line_amount_cents_check CHECK (amount_cents <> 0),
  CONSTRAINT bank_import_line_check CHECK (decided IS NOT NULL OR entry_id IS NULL AND NOT live),
  CONSTRAINT bank_import_line_check1 CHECK (decided IS NULL OR (decided = 'taken'::text) = (entry_id IS NOT NULL)),
  CONSTRAINT bank_import_line_decided_check CHECK (decided = ANY (ARRAY['taken'::text, 'skipped'::text])),
  CONSTRAINT bank_import_line_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES ledger_entry(id),
  CONSTRAINT bank_import_line_import_id_fkey FOREIGN KEY (import_id) REFERENCES bank_import(id),
  CONSTRAINT bank_import_line_line_no_check CHECK (line_no > 0),
  CONSTRAINT bank_import_line_memo_check CHECK (length(memo) <= 500),
  CONSTRAINT bank_import_line_payee_check CHECK (length(payee) <= 500),
  CONSTRAINT bank_import_line_pkey PRIMARY KEY (import_id, line_no),
  CONSTRAINT bank_import_line_reference_check CHECK (length(reference) <= 255)
);
CREATE INDEX bank_import_line_entry ON public.bank_import_line USING btree (entry_id) WHERE (entry_id IS NOT NULL);
CREATE UNIQUE INDEX bank_import_line_live_identity ON public.bank_import_line USING btree (identity) WHERE live;

CREATE TABLE bank_rule (
  id          integer GENERATED ALWAYS AS IDENTITY,
  llc_id      integer NOT NULL,
  position    integer NOT NULL,
  match_text  text NOT NULL,
  kind        text NOT NULL,
  property_id integer,
  category_id integer,
  investor_id integer,
  description text,
  created_by  integer NOT NULL,
  created_at  timestamp with time zone NOT NULL,
  deleted_at  timestamp with time zone,
  deleted_by  integer,
  CONSTRAINT bank_rule_category_id_fkey FOREIGN KEY (category_id) REFERENCES category(id),
  CONSTRAINT bank_rule_created_by_fkey FOREIGN KEY (created_by) REFERENCES portal_user(id),
  CONSTRAINT bank_rule_deleted_by_fkey FOREIGN KEY (deleted_by) REFERENCES portal_user(id),
  CONSTRAINT bank_rule_description_check CHECK (length(description) <= 500),
  CONSTRAINT bank_rule_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT bank_rule_llc_id_fkey FOREIGN KEY (llc_id) REFERENCES llc(id),
  CONSTRAINT bank_rule_match_text_check CHECK (match_text = btrim(match_text) AND match_text <> ''::text AND length(match_text) <= 100),
  CONSTRAINT bank_rule_pkey PRIMARY KEY (id),
  CONSTRAINT bank_rule_position_check CHECK ("position" > 0),
  CONSTRAINT bank_rule_property_id_fkey FOREIGN KEY (property_id) REFERENCES property(id)
);
CREATE INDEX bank_rule_llc ON public.bank_rule USING btree (llc_id, "position") WHERE (deleted_at IS NULL);

CREATE TABLE books_scope_version (
  scope   text NOT NULL,
  version bigint NOT NULL,
  CONSTRAINT books_scope_version_pkey PRIMARY KEY (scope)
);

CREATE TABLE capital_call (
  id            integer GENERATED ALWAYS AS IDENTITY,
  property_id   integer NOT NULL,
  amount_cents  bigint NOT NULL,
  call_date     date NOT NULL,
  due_date      date NOT NULL,
  purpose       text NOT NULL,
  instructions  text NOT NULL,
  split         text NOT NULL,
  created_by    integer,
  created_at    timestamp with time zone NOT NULL,
  cancelled_at  timestamp with time zone,
  cancelled_by  integer,
  cancel_reason text,
  CONSTRAINT capital_call_amount_cents_check CHECK (amount_cents > 0),
  CONSTRAINT capital_call_cancel_reason_check CHECK (length(cancel_reason) <= 500),
  CONSTRAINT capital_call_cancelled_by_fkey FOREIGN KEY (cancelled_by) REFERENCES portal_user(id),
  CONSTRAINT capital_call_check CHECK (due_date >= call_date),
  CONSTRAINT capital_call_check1 CHECK ((cancelled_at IS NULL) = (cancel_reason IS NULL)),
  CONSTRAINT capital_call_created_by_fkey FOREIGN KEY (created_by) REFERENCES portal_user(id),
  CONSTRAINT capital_call_instructions_check CHECK (btrim(instructions) <> ''::text AND length(instructions) <= 2000),
  CONSTRAINT capital_call_pkey PRIMARY KEY (id),
  CONSTRAINT capital_call_property_id_fkey FOREIGN KEY (property_id) REFERENCES property(id),
  CONSTRAINT capital_call_purpose_check CHECK (purpose = btrim(purpose) AND purpose <> ''::text AND length(purpose) <= 200),
  CONSTRAINT capital_call_split_check CHECK (split = ANY (ARRAY['pro_rata'::text, 'typed'::text]))
);
CREATE INDEX capital_call_property_idx ON public.capital_call USING btree (property_id);

CREATE TABLE capital_call_line (
  call_id       integer NOT NULL,
  investor_id   integer NOT NULL,
  amount_cents  bigint NOT NULL,
  capital_cents bigint NOT NULL,
  CONSTRAINT capital_call_line_amount_cents_check CHECK (amount_cents >= 0),
  CONSTRAINT capital_call_line_call_id_fkey FOREIGN KEY (call_id) REFERENCES capital_call(id),
  CONSTRAINT capital_call_line_capital_cents_check CHECK (capital_cents >= 0),
  CONSTRAINT capital_call_line_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT capital_call_line_pkey PRIMARY KEY (call_id, investor_id)
);
CREATE INDEX capital_call_line_investor_idx ON public.capital_call_line USING btree (investor_id);

CREATE TABLE capital_call_receipt (
  entry_id    bigint NOT NULL,
  call_id     integer NOT NULL,
  investor_id integer NOT NULL,
  CONSTRAINT capital_call_receipt_call_id_investor_id_fkey FOREIGN KEY (call_id, investor_id) REFERENCES capital_call_line(call_id, investor_id),
  CONSTRAINT capital_call_receipt_entry_id_fkey FOREIGN KEY (entry_id) REFERENCES ledger_entry(id),
  CONSTRAINT capital_call_receipt_pkey PRIMARY KEY (entry_id)
);
CREATE INDEX capital_call_receipt_line_idx ON public.capital_call_receipt USING btree (call_id, investor_id);

CREATE TABLE category (
  id         integer GENERATED ALWAYS AS IDENTITY,
  scope      text NOT NULL,
  name       text NOT NULL,
  tax_line   text DEFAULT ''::text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT category_name_check CHECK (name = btrim(name) AND name <> ''::text AND length(name) <= 100),
  CONSTRAINT category_pkey PRIMARY KEY (id),
  CONSTRAINT category_scope_check CHECK (scope = ANY (ARRAY['income'::text, 'property_expense'::text, 'llc_expense'::text]))
);
CREATE UNIQUE INDEX category_scope_name_key ON public.category USING btree (scope, name_key(name));
CREATE TRIGGER shared_scope_bump AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON category FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();

CREATE TABLE distribution_run (
  id                 integer GENERATED ALWAYS AS IDENTITY,
  status             text DEFAULT 'draft'::text NOT NULL,
  run_date           date NOT NULL,
  mode               text NOT NULL,
  percent_hundredths integer,
  minimum_cents      bigint DEFAULT 0 NOT NULL,
  memo               text DEFAULT ''::text NOT NULL,
  audience           text NOT NULL,
  llc_id             integer,
  drafted_by         integer,
  drafted_at         timestamp with time zone NOT NULL,
  approved_by        integer,
  approved_at        timestamp with time zone,
  cancelled_by       integer,
  cancelled_at       timestamp with time zone,
  CONSTRAINT distribution_run_approved_by_fkey FOREIGN KEY (approved_by) REFERENCES portal_user(id),
  CONSTRAINT distribution_run_audience_check CHECK (audience = ANY (ARRAY['everyone'::text, 'llc'::text, 'investors'::text])),
  CONSTRAINT distribution_run_cancelled_by_fkey FOREIGN KEY (cancelled_by) REFERENCES portal_user(id),
  CONSTRAINT distribution_run_check CHECK ((mode = 'percent'::text) = (percent_hundredths IS NOT NULL)),
  CONSTRAINT distribution_run_check1 CHECK ((audience = 'llc'::text) = (llc_id IS NOT NULL)),
  CONSTRAINT distribution_run_check2 CHECK ((status = 'approved'::text) = (approved_at IS NOT NULL)),
  CONSTRAINT distribution_run_check3 CHECK ((status = 'cancelled'::text) = (cancelled_at IS NOT NULL)),
  CONSTRAINT distribution_run_drafted_by_fkey FOREIGN KEY (drafted_by) REFERENCES portal_user(id),
  CONSTRAINT distribution_run_llc_id_fkey FOREIGN KEY (llc_id) REFERENCES llc(id),
  CONSTRAINT distribution_run_memo_check CHECK (length(memo) <= 500),
  CONSTRAINT distribution_run_minimum_cents_check CHECK (minimum_cents >= 0),
  CONSTRAINT distribution_run_mode_check CHECK (mode = ANY (ARRAY['all_cash'::text, 'percent'::text])),
  CONSTRAINT distribution_run_percent_hundredths_check CHECK (percent_hundredths >= 1 AND percent_hundredths <= 10000),
  CONSTRAINT distribution_run_pkey PRIMARY KEY (id),
  CONSTRAINT distribution_run_status_check CHECK (status = ANY (ARRAY['draft'::text, 'approved'::text, 'cancelled'::text]))
);

CREATE TABLE distribution_run_line (
  run_id               integer NOT NULL,
  investor_id          integer NOT NULL,
  position             integer NOT NULL,
  cash_available_cents bigint NOT NULL,
  computed_cents       bigint NOT NULL,
  amount_cents         bigint NOT NULL,
  method               text NOT NULL,
  account_last4        text,
  ledger_entry_id      bigint,
  CONSTRAINT distribution_run_line_account_last4_check CHECK (account_last4 ~ '^[0-9]{4}$'::text),
  CONSTRAINT distribution_run_line_amount_cents_check CHECK (amount_cents >= 0),
  CONSTRAINT distribution_run_line_cash_available_cents_check CHECK (cash_available_cents >= 0),
  CONSTRAINT distribution_run_line_check CHECK ((method = 'ach'::text) = (account_last4 IS NOT NULL)),
  CONSTRAINT distribution_run_line_computed_cents_check CHECK (computed_cents >= 0),
  CONSTRAINT distribution_run_line_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT distribution_run_line_ledger_entry_id_fkey FOREIGN KEY (ledger_entry_id) REFERENCES ledger_entry(id),
  CONSTRAINT distribution_run_line_method_check CHECK (method = ANY (ARRAY['ach'::text, 'check'::text])),
  CONSTRAINT distribution_run_line_pkey PRIMARY KEY (run_id, investor_id),
  CONSTRAINT distribution_run_line_position_check CHECK ("position" >= 1),
  CONSTRAINT distribution_run_line_run_id_fkey FOREIGN KEY (run_id) REFERENCES distribution_run(id),
  CONSTRAINT distribution_run_line_run_id_position_key UNIQUE (run_id, "position")
);
CREATE INDEX distribution_run_line_entry_idx ON public.distribution_run_line USING btree (ledger_entry_id) WHERE (ledger_entry_id IS NOT NULL);

CREATE TABLE document (
  id               integer GENERATED ALWAYS AS IDENTITY,
  title            text NOT NULL,
  kind             text NOT NULL,
  tax_year         integer,
  investor_id      integer,
  llc_id           integer,
  created_by       integer,
  created_at       timestamp with time zone DEFAULT now() NOT NULL,
  withdrawn_at     timestamp with time zone,
  withdrawn_by     integer,
  withdrawn_reason text,
  CONSTRAINT document_check CHECK (investor_id IS NULL OR llc_id IS NULL),
  CONSTRAINT document_check1 CHECK ((withdrawn_at IS NULL) = (withdrawn_reason IS NULL)),
  CONSTRAINT document_created_by_fkey FOREIGN KEY (created_by) REFERENCES portal_user(id),
  CONSTRAINT document_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT document_kind_check CHECK (kind = ANY (ARRAY['k1'::text, 'statement'::text, 'agreement'::text, 'notice'::text, 'tax'::text, 'other'::text])),
  CONSTRAINT document_llc_id_fkey FOREIGN KEY (llc_id) REFERENCES llc(id),
  CONSTRAINT document_pkey PRIMARY KEY (id),
  CONSTRAINT document_tax_year_check CHECK (tax_year >= 1900 AND tax_year <= 2200),
  CONSTRAINT document_title_check CHECK (title = btrim(title) AND title <> ''::text AND length(title) <= 200),
  CONSTRAINT document_withdrawn_by_fkey FOREIGN KEY (withdrawn_by) REFERENCES portal_user(id)
);
CREATE INDEX document_investor_idx ON public.document USING btree (investor_id) WHERE (investor_id IS NOT NULL);
CREATE INDEX document_llc_idx ON public.document USING btree (llc_id) WHERE (llc_id IS NOT NULL);

CREATE TABLE document_download (
  id            bigint GENERATED ALWAYS AS IDENTITY,
  document_id   integer NOT NULL,
  version_id    integer NOT NULL,
  user_id       integer NOT NULL,
  investor_id   integer,
  downloaded_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT document_download_document_id_fkey FOREIGN KEY (document_id) REFERENCES document(id),
  CONSTRAINT document_download_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT document_download_pkey PRIMARY KEY (id),
  CONSTRAINT document_download_user_id_fkey FOREIGN KEY (user_id) REFERENCES portal_user(id),
  CONSTRAINT document_download_version_id_fkey FOREIGN KEY (version_id) REFERENCES document_version(id)
);
CREATE INDEX document_download_document_idx ON public.document_download USING btree (document_id);

CREATE TABLE document_version (
  id           integer GENERATED ALWAYS AS IDENTITY,
  document_id  integer NOT NULL,
  version      integer NOT NULL,
  file_id      uuid NOT NULL,
  file_name    text NOT NULL,
  content_type text NOT NULL,
  size_bytes   bigint NOT NULL,
  sha256       text NOT NULL,
  created_by   integer,
  created_at   timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT document_version_created_by_fkey FOREIGN KEY (created_by) REFERENCES portal_user(id),
  CONSTRAINT document_version_document_id_fkey FOREIGN KEY (document_id) REFERENCES document(id),
  CONSTRAINT document_version_document_id_version_key UNIQUE (document_id, version),
  CONSTRAINT document_version_file_id_fkey FOREIGN KEY (file_id) REFERENCES stored_file(id),
  CONSTRAINT document_version_file_id_key UNIQUE (file_id),
  CONSTRAINT document_version_file_name_check CHECK (file_name <> ''::text AND length(file_name) <= 255),
  CONSTRAINT document_version_pkey PRIMARY KEY (id),
  CONSTRAINT document_version_size_bytes_check CHECK (size_bytes >= 1),
  CONSTRAINT document_version_version_check CHECK (version >= 1)
);

CREATE TABLE federal_rate (
  month       date NOT NULL,
  term        text NOT NULL,
  rate_bps    integer NOT NULL,
  recorded_by integer NOT NULL,
  recorded_at timestamp with time zone NOT NULL,
  CONSTRAINT federal_rate_month_check CHECK (EXTRACT(day FROM month) = 1::numeric),
  CONSTRAINT federal_rate_pkey PRIMARY KEY (month, term),
  CONSTRAINT federal_rate_rate_bps_check CHECK (rate_bps >= 0 AND rate_bps <= 10000),
  CONSTRAINT federal_rate_recorded_by_fkey FOREIGN KEY (recorded_by) REFERENCES portal_user(id),
  CONSTRAINT federal_rate_term_check CHECK (term = ANY (ARRAY['short'::text, 'mid'::text, 'long'::text]))
);
CREATE TRIGGER shared_scope_bump AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON federal_rate FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();

CREATE TABLE idempotency_key (
  user_id       integer NOT NULL,
  key           text NOT NULL,
  request_hash  text NOT NULL,
  status_code   integer NOT NULL,
  response_body jsonb NOT NULL,
  created_at    timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT idempotency_key_pkey PRIMARY KEY (user_id, key),
  CONSTRAINT idempotency_key_user_id_fkey FOREIGN KEY (user_id) REFERENCES portal_user(id)
);

CREATE TABLE investor (
  id            integer GENERATED ALWAYS AS IDENTITY,
  name          text NOT NULL,
  email         text DEFAULT ''::text NOT NULL,
  phone         text DEFAULT ''::text NOT NULL,
  address       text DEFAULT ''::text NOT NULL,
  active        boolean DEFAULT true NOT NULL,
  created_at    timestamp with time zone DEFAULT now() NOT NULL,
  tax_id_sealed bytea,
  tax_id_last4  text,
  CONSTRAINT investor_name_check CHECK (name = btrim(name) AND name <> ''::text AND length(name) <= 100),
  CONSTRAINT investor_pkey PRIMARY KEY (id),
  CONSTRAINT investor_tax_id_last4_check CHECK (tax_id_last4 ~ '^[0-9]{4}$'::text),
  CONSTRAINT investor_tax_id_pair CHECK ((tax_id_sealed IS NULL) = (tax_id_last4 IS NULL))
);
CREATE UNIQUE INDEX investor_name_key ON public.investor USING btree (name_key(name));
CREATE TRIGGER investor_scope_bump_insert AFTER INSERT ON investor REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION investor_scope_bump();
CREATE TRIGGER shared_scope_bump AFTER DELETE OR UPDATE OR TRUNCATE ON investor FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();

CREATE TABLE investor_access (
  id                integer GENERATED ALWAYS AS IDENTITY,
  user_id           integer,
  investor_id       integer NOT NULL,
  relation          text NOT NULL,
  delegate_name     text,
  can_see_figures   boolean DEFAULT true NOT NULL,
  can_see_documents boolean DEFAULT true NOT NULL,
  granted_by        integer,
  granted_at        timestamp with time zone NOT NULL,
  revoked_at        timestamp with time zone,
  revoked_by        integer,
  CONSTRAINT investor_access_check CHECK (relation = 'delegate'::text OR user_id IS NOT NULL),
  CONSTRAINT investor_access_check1 CHECK ((relation = 'delegate'::text) = (delegate_name IS NOT NULL)),
  CONSTRAINT investor_access_delegate_name_check CHECK (delegate_name = btrim(delegate_name) AND delegate_name <> ''::text AND length(delegate_name) <= 100),
  CONSTRAINT investor_access_granted_by_fkey FOREIGN KEY (granted_by) REFERENCES portal_user(id),
  CONSTRAINT investor_access_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT investor_access_pkey PRIMARY KEY (id),
  CONSTRAINT investor_access_relation_check CHECK (relation = ANY (ARRAY['entity'::text, 'delegate'::text])),
  CONSTRAINT investor_access_revoked_by_fkey FOREIGN KEY (revoked_by) REFERENCES portal_user(id),
  CONSTRAINT investor_access_user_id_fkey FOREIGN KEY (user_id) REFERENCES portal_user(id)
);
CREATE INDEX investor_access_investor_idx ON public.investor_access USING btree (investor_id);
CREATE UNIQUE INDEX investor_access_live_key ON public.investor_access USING btree (user_id, investor_id) WHERE ((revoked_at IS NULL) AND (user_id IS NOT NULL));

CREATE TABLE investor_fee (
  investor_id     integer NOT NULL,
  effective_month date NOT NULL,
  fee_bps         integer NOT NULL,
  created_at      timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT investor_fee_effective_month_check CHECK (EXTRACT(day FROM effective_month) = 1::numeric),
  CONSTRAINT investor_fee_fee_bps_check CHECK (fee_bps >= 0 AND fee_bps <= 5000 AND (fee_bps % 500) = 0),
  CONSTRAINT investor_fee_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT investor_fee_pkey PRIMARY KEY (investor_id, effective_month)
);
CREATE TRIGGER shared_scope_bump AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON investor_fee FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();

CREATE TABLE investor_update (
  id           integer GENERATED ALWAYS AS IDENTITY,
  title        text NOT NULL,
  body         text NOT NULL,
  audience     text NOT NULL,
  llc_id       integer,
  created_by   integer,
  created_at   timestamp with time zone DEFAULT now() NOT NULL,
  withdrawn_at timestamp with time zone,
  withdrawn_by integer,
  CONSTRAINT investor_update_audience_check CHECK (audience = ANY (ARRAY['everyone'::text, 'llc'::text, 'investors'::text])),
  CONSTRAINT investor_update_body_check CHECK (btrim(body) <> ''::text AND length(body) <= 20000),
  CONSTRAINT investor_update_check CHECK ((audience = 'llc'::text) = (llc_id IS NOT NULL)),
  CONSTRAINT investor_update_created_by_fkey FOREIGN KEY (created_by) REFERENCES portal_user(id),
  CONSTRAINT investor_update_llc_id_fkey FOREIGN KEY (llc_id) REFERENCES llc(id),
  CONSTRAINT investor_update_pkey PRIMARY KEY (id),
  CONSTRAINT investor_update_title_check CHECK (title = btrim(title) AND title <> ''::text AND length(title) <= 200),
  CONSTRAINT investor_update_withdrawn_by_fkey FOREIGN KEY (withdrawn_by) REFERENCES portal_user(id)
);
CREATE INDEX investor_update_llc_idx ON public.investor_update USING btree (llc_id) WHERE (llc_id IS NOT NULL);

CREATE TABLE investor_update_attachment (
  update_id   integer NOT NULL,
  document_id integer NOT NULL,
  position    integer NOT NULL,
  CONSTRAINT investor_update_attachment_document_id_fkey FOREIGN KEY (document_id) REFERENCES document(id),
  CONSTRAINT investor_update_attachment_pkey PRIMARY KEY (update_id, document_id),
  CONSTRAINT investor_update_attachment_position_check CHECK ("position" >= 1 AND "position" <= 10),
  CONSTRAINT investor_update_attachment_update_id_fkey FOREIGN KEY (update_id) REFERENCES investor_update(id),
  CONSTRAINT investor_update_attachment_update_id_position_key UNIQUE (update_id, "position")
);

CREATE TABLE investor_update_recipient (
  update_id   integer NOT NULL,
  investor_id integer NOT NULL,
  CONSTRAINT investor_update_recipient_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT investor_update_recipient_pkey PRIMARY KEY (update_id, investor_id),
  CONSTRAINT investor_update_recipient_update_id_fkey FOREIGN KEY (update_id) REFERENCES investor_update(id)
);
CREATE INDEX investor_update_recipient_investor_idx ON public.investor_update_recipient USING btree (investor_id);

CREATE TABLE k1_batch (
  id         integer GENERATED ALWAYS AS IDENTITY,
  llc_id     integer NOT NULL,
  tax_year   integer NOT NULL,
  status     text DEFAULT 'draft'::text NOT NULL,
  created_by integer,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  closed_by  integer,
  closed_at  timestamp with time zone,
  CONSTRAINT k1_batch_check CHECK ((status = 'draft'::text) = (closed_at IS NULL)),
  CONSTRAINT k1_batch_closed_by_fkey FOREIGN KEY (closed_by) REFERENCES portal_user(id),
  CONSTRAINT k1_batch_created_by_fkey FOREIGN KEY (created_by) REFERENCES portal_user(id),
  CONSTRAINT k1_batch_llc_id_fkey FOREIGN KEY (llc_id) REFERENCES llc(id),
  CONSTRAINT k1_batch_pkey PRIMARY KEY (id),
  CONSTRAINT k1_batch_status_check CHECK (status = ANY (ARRAY['draft'::text, 'published'::text, 'discarded'::text])),
  CONSTRAINT k1_batch_tax_year_check CHECK (tax_year >= 1900 AND tax_year <= 2200)
);
CREATE INDEX k1_batch_llc_year_idx ON public.k1_batch USING btree (llc_id, tax_year);

CREATE TABLE k1_batch_file (
  id          integer GENERATED ALWAYS AS IDENTITY,
  batch_id    integer NOT NULL,
  seq         integer NOT NULL,
  file_name   text NOT NULL,
  file_id     uuid,
  size_bytes  bigint NOT NULL,
  sha256      text NOT NULL,
  investor_id integer,
  matched_by  text,
  candidates  integer[] DEFAULT '{}'::integer[] NOT NULL,
  CONSTRAINT k1_batch_file_batch_id_file_name_key UNIQUE (batch_id, file_name),
  CONSTRAINT k1_batch_file_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES k1_batch(id),
  CONSTRAINT k1_batch_file_batch_id_seq_key UNIQUE (batch_id, seq),
  CONSTRAINT k1_batch_file_check CHECK ((matched_by IS NULL) = (investor_id IS NULL)),
  CONSTRAINT k1_batch_file_file_id_fkey FOREIGN KEY (file_id) REFERENCES stored_file(id) ON DELETE SET NULL,
  CONSTRAINT k1_batch_file_file_name_check CHECK (file_name <> ''::text AND length(file_name) <= 1000),
  CONSTRAINT k1_batch_file_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT k1_batch_file_matched_by_check CHECK (matched_by = ANY (ARRAY['tax_id'::text, 'name'::text])),
  CONSTRAINT k1_batch_file_pkey PRIMARY KEY (id),
  CONSTRAINT k1_batch_file_seq_check CHECK (seq >= 0),
  CONSTRAINT k1_batch_file_sha256_check CHECK (sha256 ~ '^[0-9a-f]{64}$'::text),
  CONSTRAINT k1_batch_file_size_bytes_check CHECK (size_bytes >= 1)
);

CREATE TABLE k1_consent (
  investor_id        integer NOT NULL,
  consented_at       timestamp with time zone NOT NULL,
  withdrawn_at       timestamp with time zone,
  disclosure_version integer NOT NULL,
  consented_by       integer NOT NULL,
  withdrawn_by       integer,
  CONSTRAINT k1_consent_check CHECK ((withdrawn_at IS NULL) = (withdrawn_by IS NULL)),
  CONSTRAINT k1_consent_consented_by_fkey FOREIGN KEY (consented_by) REFERENCES portal_user(id),
  CONSTRAINT k1_consent_disclosure_version_check CHECK (disclosure_version >= 1),
  CONSTRAINT k1_consent_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT k1_consent_pkey PRIMARY KEY (investor_id),
  CONSTRAINT k1_consent_withdrawn_by_fkey FOREIGN KEY (withdrawn_by) REFERENCES portal_user(id)
);

CREATE TABLE k1_document (
  llc_id      integer NOT NULL,
  investor_id integer NOT NULL,
  tax_year    integer NOT NULL,
  document_id integer NOT NULL,
  CONSTRAINT k1_document_document_id_fkey FOREIGN KEY (document_id) REFERENCES document(id),
  CONSTRAINT k1_document_document_id_key UNIQUE (document_id),
  CONSTRAINT k1_document_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT k1_document_llc_id_fkey FOREIGN KEY (llc_id) REFERENCES llc(id),
  CONSTRAINT k1_document_pkey PRIMARY KEY (llc_id, investor_id, tax_year),
  CONSTRAINT k1_document_tax_year_check CHECK (tax_year >= 1900 AND tax_year <= 2200)
);

CREATE TABLE ledger_entry (
  id              bigint GENERATED ALWAYS AS IDENTITY,
  kind            text NOT NULL,
  date            date NOT NULL,
  for_month       date NOT NULL,
  period_start    date,
  period_end      date,
  amount_cents    bigint NOT NULL,
  llc_id          integer,
  property_id     integer,
  investor_id     integer,
  category_id     integer,
  loren_id        integer,
  payer           text,
  description     text,
  disposition     text,
  linked_entry_id bigint,
  created_at      timestamp with time zone DEFAULT now() NOT NULL,
  created_by      integer NOT NULL,
  voided_at       timestamp with time zone,
  voided_by       integer,
  void_reason     text,
  CONSTRAINT ledger_entry_amount_cents_check CHECK (amount_cents > 0),
  CONSTRAINT ledger_entry_category_id_fkey FOREIGN KEY (category_id) REFERENCES category(id),
  CONSTRAINT ledger_entry_check CHECK ((voided_at IS NULL) = (voided_by IS NULL)),
  CONSTRAINT ledger_entry_check1 CHECK ((period_start IS NULL) = (period_end IS NULL) AND (period_start IS NULL OR period_start <= period_end)),
  CONSTRAINT ledger_entry_check2 CHECK (
CASE kind
    WHEN 'investment'::text THEN investor_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'investment_withdrawal'::text THEN investor_id IS NOT NULL AND property_id IS NOT NULL
    WHEN 'cash_withdrawal'::text THEN investor_id IS NOT NULL AND property_id IS NULL
    WHEN 'property_income'::text THEN property_id IS NOT NULL AND investor_id IS NULL
    WHEN 'property_expense'::text THEN property_id IS NOT NULL AND investor_id IS NULL AND category_id IS NOT NULL
    WHEN 'investor_property_expense'::text THEN property_id IS NOT NULL AND investor_id IS NOT NULL AND category_id IS NOT NULL
    WHEN 'lc_payment'::text THEN property_id IS NOT NULL AND investor_id IS NULL
    WHEN 'deposit'::text THEN property_id IS NOT NULL AND investor_id IS NULL
    WHEN 'deposit_withdrawal'::text THEN property_id IS NOT NULL AND investor_id IS NULL
    WHEN 'llc_expense'::text THEN llc_id IS NOT NULL AND property_id IS NULL AND category_id IS NOT NULL
    ELSE NULL::boolean
END),
  CONSTRAINT ledger_entry_created_by_fkey FOREIGN KEY (created_by) REFERENCES portal_user(id),
  CONSTRAINT ledger_entry_date_check CHECK (date >= '1900-01-01'::date AND date <= '2099-12-31'::date),
  CONSTRAINT ledger_entry_disposition_check CHECK (disposition = ANY (ARRAY['refunded'::text, 'retained'::text])),
  CONSTRAINT ledger_entry_for_month_check CHECK (EXTRACT(day FROM for_month) = 1::numeric),
  CONSTRAINT ledger_entry_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT ledger_entry_kind_check CHECK (kind = ANY (ARRAY['investment'::text, 'investment_withdrawal'::text, 'cash_withdrawal'::text, 'property_income'::text, 'property_expense'::text, 'investor_property_expense'::text, 'lc_payment'::text, 'deposit'::text, 'deposit_withdrawal'::text, 'llc_expense'::text])),
  CONSTRAINT ledger_entry_linked_entry_id_fkey FOREIGN KEY (linked_entry_id) REFERENCES ledger_entry(id),
  CONSTRAINT ledger_entry_llc_id_fkey FOREIGN KEY (llc_id) REFERENCES llc(id),
  CONSTRAINT ledger_entry_loren_id_fkey FOREIGN KEY (loren_id) REFERENCES loren(id),
  CONSTRAINT ledger_entry_pkey PRIMARY KEY (id),
  CONSTRAINT ledger_entry_property_id_fkey FOREIGN KEY (property_id) REFERENCES property(id),
  CONSTRAINT ledger_entry_voided_by_fkey FOREIGN KEY (voided_by) REFERENCES portal_user(id)
);
CREATE INDEX ledger_investor_property_date_idx ON public.ledger_entry USING btree (investor_id, property_id, date);
CREATE INDEX ledger_kind_idx ON public.ledger_entry USING btree (kind);
CREATE INDEX ledger_linked_entry_idx ON public.ledger_entry USING btree (linked_entry_id) WHERE (linked_entry_id IS NOT NULL);
CREATE INDEX ledger_llc_date_idx ON public.ledger_entry USING btree (llc_id, date);
CREATE INDEX ledger_period_income_idx ON public.ledger_entry USING btree (property_id) WHERE ((kind = 'property_income'::text) AND (period_start IS NOT NULL));
CREATE INDEX ledger_property_date_idx ON public.ledger_entry USING btree (property_id, date);
CREATE INDEX ledger_property_month_idx ON public.ledger_entry USING btree (property_id, for_month);
CREATE CONSTRAINT TRIGGER ledger_balance_guard AFTER INSERT OR UPDATE ON ledger_entry DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (new.kind = ANY (ARRAY['investment'::text, 'investment_withdrawal'::text, 'deposit'::text, 'deposit_withdrawal'::text])) EXECUTE FUNCTION ledger_balance_guard();
CREATE TRIGGER ledger_entry_guard BEFORE DELETE OR UPDATE ON ledger_entry FOR EACH ROW EXECUTE FUNCTION ledger_entry_guard();
CREATE TRIGGER ledger_scope_bump_delete AFTER DELETE ON ledger_entry REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ledger_scope_bump();
CREATE TRIGGER ledger_scope_bump_insert AFTER INSERT ON ledger_entry REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ledger_scope_bump();
CREATE TRIGGER ledger_scope_bump_update AFTER UPDATE ON ledger_entry REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION ledger_scope_bump();
CREATE TRIGGER property_month_total_clear AFTER TRUNCATE ON ledger_entry FOR EACH STATEMENT EXECUTE FUNCTION property_month_total_clear();
CREATE TRIGGER property_month_total_maintain AFTER INSERT OR UPDATE ON ledger_entry FOR EACH ROW EXECUTE FUNCTION property_month_total_maintain();
CREATE TRIGGER shared_scope_bump AFTER TRUNCATE ON ledger_entry FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();

CREATE TABLE llc (
  id                          integer GENERATED ALWAYS AS IDENTITY,
  name                        text NOT NULL,
  address                     text DEFAULT ''::text NOT NULL,
  ein                         text,
  date_started                date,
  principal_business_activity text DEFAULT ''::text NOT NULL,
  principal_product           text DEFAULT ''::text NOT NULL,
  business_code_number        text,
  closed_through              date,
  created_at                  timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT llc_business_code_number_check CHECK (business_code_number ~ '^[0-9]{6}$'::text),
  CONSTRAINT llc_name_check CHECK (name = btrim(name) AND name <> ''::text AND length(name) <= 100),
  CONSTRAINT llc_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX llc_name_key ON public.llc USING btree (name_key(name));
CREATE TRIGGER llc_scope_bump_delete AFTER DELETE ON llc REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION llc_scope_bump();
CREATE TRIGGER llc_scope_bump_insert AFTER INSERT ON llc REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION llc_scope_bump();
CREATE TRIGGER llc_scope_bump_update AFTER UPDATE ON llc REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION llc_scope_bump();
CREATE TRIGGER shared_scope_bump AFTER TRUNCATE ON llc FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();

CREATE TABLE llc_bank_account (
  id          integer GENERATED ALWAYS AS IDENTITY,
  llc_id      integer NOT NULL,
  name        text NOT NULL,
  last4       text,
  csv_mapping jsonb,
  created_by  integer NOT NULL,
  created_at  timestamp with time zone NOT NULL,
  CONSTRAINT llc_bank_account_created_by_fkey FOREIGN KEY (created_by) REFERENCES portal_user(id),
  CONSTRAINT llc_bank_account_last4_check CHECK (last4 ~ '^[0-9]{4}$'::text),
  CONSTRAINT llc_bank_account_llc_id_fkey FOREIGN KEY (llc_id) REFERENCES llc(id),
  CONSTRAINT llc_bank_account_name_check CHECK (name = btrim(name) AND name <> ''::text AND length(name) <= 100),
  CONSTRAINT llc_bank_account_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX llc_bank_account_name_key ON public.llc_bank_account USING btree (llc_id, lower(name));

CREATE TABLE llc_bank_account_property (
  bank_account_id integer NOT NULL,
  property_id     integer NOT NULL,
  CONSTRAINT llc_bank_account_property_bank_account_id_fkey FOREIGN KEY (bank_account_id) REFERENCES llc_bank_account(id),
  CONSTRAINT llc_bank_account_property_pkey PRIMARY KEY (bank_account_id, property_id),
  CONSTRAINT llc_bank_account_property_property_id_fkey FOREIGN KEY (property_id) REFERENCES property(id)
);

CREATE TABLE login_event (
  id       bigint GENERATED ALWAYS AS IDENTITY,
  at       timestamp with time zone DEFAULT now() NOT NULL,
  action   text NOT NULL,
  outcome  text NOT NULL,
  username text NOT NULL,
  user_id  integer,
  ip       text NOT NULL,
  CONSTRAINT login_event_action_check CHECK (action = ANY (ARRAY['login'::text, 'register'::text, 'mfa'::text])),
  CONSTRAINT login_event_outcome_check CHECK (outcome = ANY (ARRAY['success'::text, 'failure'::text, 'locked'::text, 'throttled'::text])),
  CONSTRAINT login_event_pkey PRIMARY KEY (id),
  CONSTRAINT login_event_user_id_fkey FOREIGN KEY (user_id) REFERENCES portal_user(id)
);
CREATE INDEX login_event_ip_idx ON public.login_event USING btree (ip, at);
CREATE INDEX login_event_user_idx ON public.login_event USING btree (user_id, at);

CREATE TABLE loren (
  id         integer GENERATED ALWAYS AS IDENTITY,
  name       text NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT loren_name_check CHECK (name = btrim(name) AND name <> ''::text AND length(name) <= 100),
  CONSTRAINT loren_pkey PRIMARY KEY (id)
);
CREATE UNIQUE INDEX loren_name_key ON public.loren USING btree (name_key(name));
CREATE TRIGGER shared_scope_bump AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON loren FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();

CREATE TABLE notice_outbox (
  id              bigint GENERATED ALWAYS AS IDENTITY,
  event           text NOT NULL,
  dedupe_key      text NOT NULL,
  user_id         integer,
  investor_id     integer,
  address         text NOT NULL,
  subject         text NOT NULL,
  body_text       text NOT NULL,
  body_html       text NOT NULL,
  headers         jsonb DEFAULT '{}'::jsonb NOT NULL,
  created_at      timestamp with time zone NOT NULL,
  attempts        integer DEFAULT 0 NOT NULL,
  next_attempt_at timestamp with time zone NOT NULL,
  claimed_until   timestamp with time zone,
  sent_at         timestamp with time zone,
  failed_at       timestamp with time zone,
  last_error      text,
  CONSTRAINT notice_outbox_address_check CHECK (address <> ''::text AND length(address) <= 320),
  CONSTRAINT notice_outbox_attempts_check CHECK (attempts >= 0),
  CONSTRAINT notice_outbox_dedupe_key_check CHECK (length(dedupe_key) >= 1 AND length(dedupe_key) <= 200),
  CONSTRAINT notice_outbox_dedupe_key_key UNIQUE (dedupe_key),
  CONSTRAINT notice_outbox_event_check CHECK (event ~ '^[a-z_]{1,40}$'::text),
  CONSTRAINT notice_outbox_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT notice_outbox_pkey PRIMARY KEY (id),
  CONSTRAINT notice_outbox_user_id_fkey FOREIGN KEY (user_id) REFERENCES portal_user(id)
);
CREATE INDEX notice_outbox_due_idx ON public.notice_outbox USING btree (next_attempt_at) WHERE ((sent_at IS NULL) AND (failed_at IS NULL));
CREATE INDEX notice_outbox_newest_idx ON public.notice_outbox USING btree (created_at DESC, id DESC);

CREATE TABLE notice_setting (
  user_id    integer NOT NULL,
  event      text NOT NULL,
  enabled    boolean NOT NULL,
  updated_at timestamp with time zone NOT NULL,
  CONSTRAINT notice_setting_event_check CHECK (event ~ '^[a-z_]{1,40}$'::text),
  CONSTRAINT notice_setting_pkey PRIMARY KEY (user_id, event),
  CONSTRAINT notice_setting_user_id_fkey FOREIGN KEY (user_id) REFERENCES portal_user(id)
);

CREATE TABLE picture (
  id           uuid NOT NULL,
  content_type text NOT NULL,
  bytes        bytea NOT NULL,
  sha256       text NOT NULL,
  created_by   integer,
  created_at   timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT picture_bytes_check CHECK (octet_length(bytes) >= 1 AND octet_length(bytes) <= 2097152),
  CONSTRAINT picture_content_type_check CHECK (content_type = ANY (ARRAY['image/jpeg'::text, 'image/png'::text, 'image/webp'::text])),
  CONSTRAINT picture_created_by_fkey FOREIGN KEY (created_by) REFERENCES portal_user(id),
  CONSTRAINT picture_pkey PRIMARY KEY (id)
);

CREATE TABLE portal_user (
  id              integer GENERATED ALWAYS AS IDENTITY,
  username        text NOT NULL,
  password_hash   text NOT NULL,
  investor_id     integer,
  admin_level     integer DEFAULT 0 NOT NULL,
  failed_logins   integer DEFAULT 0 NOT NULL,
  locked_until    timestamp with time zone,
  disabled_at     timestamp with time zone,
  deleted_at      timestamp with time zone,
  created_at      timestamp with time zone DEFAULT now() NOT NULL,
  totp_secret     text,
  totp_enabled_at timestamp with time zone,
  totp_last_step  bigint,
  role            text DEFAULT 'investor'::text NOT NULL,
  person_name     text,
  CONSTRAINT portal_user_admin_level_check CHECK (admin_level >= 0),
  CONSTRAINT portal_user_admin_role CHECK ((admin_level > 0) = (role = 'admin'::text)),
  CONSTRAINT portal_user_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT portal_user_person_name_check CHECK (person_name = btrim(person_name) AND person_name <> ''::text AND length(person_name) <= 100),
  CONSTRAINT portal_user_pkey PRIMARY KEY (id),
  CONSTRAINT portal_user_role_check CHECK (role = ANY (ARRAY['admin'::text, 'bookkeeper'::text, 'auditor'::text, 'investor'::text, 'delegate'::text])),
  CONSTRAINT portal_user_username_check CHECK (username = btrim(username) AND username <> ''::text AND length(username) <= 100)
);
CREATE UNIQUE INDEX portal_user_investor_key ON public.portal_user USING btree (investor_id) WHERE (deleted_at IS NULL);
CREATE UNIQUE INDEX portal_user_username_key ON public.portal_user USING btree (lower(username)) WHERE (deleted_at IS NULL);

CREATE TABLE property (
  id                        integer GENERATED ALWAYS AS IDENTITY,
  name                      text NOT NULL,
  llc_id                    integer NOT NULL,
  property_type             text NOT NULL,
  tax_bucket                text NOT NULL,
  nonresidential            boolean DEFAULT false NOT NULL,
  address                   text DEFAULT ''::text NOT NULL,
  picture_url               text DEFAULT ''::text NOT NULL,
  notes                     text DEFAULT ''::text NOT NULL,
  purchase_date             date NOT NULL,
  purchase_price_cents      bigint NOT NULL,
  land_value_cents          bigint NOT NULL,
  property_value_cents      bigint NOT NULL,
  lc_sale_date              date,
  lc_sale_price_cents       bigint,
  lc_down_payment_cents     bigint,
  lc_rate_bps               integer,
  lc_adjusted_basis_cents   bigint,
  created_at                timestamp with time zone DEFAULT now() NOT NULL,
  lc_selling_expenses_cents bigint,
  lc_installment_cents      bigint,
  lc_first_due_date         date,
  lc_grace_days             integer DEFAULT 10 NOT NULL,
  lc_assumed_mortgage_cents bigint DEFAULT 0 NOT NULL,
  lc_buyer_name             text,
  lc_buyer_address          text,
  CONSTRAINT property_check CHECK (land_value_cents <= purchase_price_cents),
  CONSTRAINT property_check1 CHECK (lc_sale_date IS NULL AND lc_sale_price_cents IS NULL AND lc_down_payment_cents IS NULL AND lc_rate_bps IS NULL AND lc_adjusted_basis_cents IS NULL OR property_type = 'land_contract'::text AND lc_sale_date IS NOT NULL AND lc_sale_price_cents IS NOT NULL AND lc_down_payment_cents IS NOT NULL AND lc_rate_bps IS NOT NULL AND lc_adjusted_basis_cents IS NOT NULL),
  CONSTRAINT property_land_value_cents_check CHECK (land_value_cents >= 0),
  CONSTRAINT property_lc_adjusted_basis_cents_check CHECK (lc_adjusted_basis_cents >= 0),
  CONSTRAINT property_lc_assumed_mortgage_cents_check CHECK (lc_assumed_mortgage_cents >= 0),
  CONSTRAINT property_lc_buyer_address_check CHECK (length(lc_buyer_address) <= 300),
  CONSTRAINT property_lc_buyer_name_check CHECK (length(lc_buyer_name) <= 200),
  CONSTRAINT property_lc_down_payment_cents_check CHECK (lc_down_payment_cents >= 0),
  CONSTRAINT property_lc_first_due_after_sale CHECK (lc_first_due_date IS NULL OR lc_first_due_date > lc_sale_date),
  CONSTRAINT property_lc_grace_days_check CHECK (lc_grace_days >= 0 AND lc_grace_days <= 60),
  CONSTRAINT property_lc_installment_cents_check CHECK (lc_installment_cents > 0),
  CONSTRAINT property_lc_mortgage_within_price CHECK (lc_assumed_mortgage_cents = 0 OR (lc_assumed_mortgage_cents + lc_down_payment_cents) <= lc_sale_price_cents),
  CONSTRAINT property_lc_rate_bps_check CHECK (lc_rate_bps >= 0 AND lc_rate_bps <= 10000),
  CONSTRAINT property_lc_sale_price_cents_check CHECK (lc_sale_price_cents > 0),
  CONSTRAINT property_lc_selling_expenses_cents_check CHECK (lc_selling_expenses_cents >= 0),
  CONSTRAINT property_lc_selling_expenses_with_terms CHECK (lc_selling_expenses_cents IS NULL OR lc_sale_date IS NOT NULL),
  CONSTRAINT property_lc_servicing_with_terms CHECK (lc_installment_cents IS NULL AND lc_first_due_date IS NULL AND lc_assumed_mortgage_cents = 0 AND lc_buyer_name IS NULL AND lc_buyer_address IS NULL OR lc_sale_date IS NOT NULL),
  CONSTRAINT property_llc_id_fkey FOREIGN KEY (llc_id) REFERENCES llc(id),
  CONSTRAINT property_name_check CHECK (name = btrim(name) AND name <> ''::text AND length(name) <= 100),
  CONSTRAINT property_pkey PRIMARY KEY (id),
  CONSTRAINT property_property_type_check CHECK (property_type = ANY (ARRAY['rental'::text, 'land_contract'::text, 'other'::text])),
  CONSTRAINT property_property_value_cents_check CHECK (property_value_cents >= 0),
  CONSTRAINT property_purchase_price_cents_check CHECK (purchase_price_cents >= 0),
  CONSTRAINT property_tax_bucket_check CHECK (tax_bucket = ANY (ARRAY['rental'::text, 'portfolio'::text]))
);
CREATE INDEX property_llc_idx ON public.property USING btree (llc_id);
CREATE UNIQUE INDEX property_name_key ON public.property USING btree (name_key(name));
CREATE TRIGGER property_scope_bump_delete AFTER DELETE ON property REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION property_scope_bump();
CREATE TRIGGER property_scope_bump_insert AFTER INSERT ON property REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION property_scope_bump();
CREATE TRIGGER property_scope_bump_update AFTER UPDATE ON property REFERENCING OLD TABLE AS before_rows NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION property_scope_bump_moved();
CREATE TRIGGER shared_scope_bump AFTER TRUNCATE ON property FOR EACH STATEMENT EXECUTE FUNCTION shared_scope_bump();

CREATE TABLE property_month_total (
  property_id integer NOT NULL,
  investor_id integer NOT NULL,
  for_month   date NOT NULL,
  date_month  date NOT NULL,
  cents       bigint NOT NULL,
  entries     integer NOT NULL,
  CONSTRAINT property_month_total_pkey PRIMARY KEY (property_id, investor_id, for_month, date_month)
);
CREATE INDEX property_month_total_investor_idx ON public.property_month_total USING btree (investor_id, property_id);

CREATE TABLE recovery_code (
  id        integer GENERATED ALWAYS AS IDENTITY,
  user_id   integer NOT NULL,
  code_hash text NOT NULL,
  used_at   timestamp with time zone,
  CONSTRAINT recovery_code_pkey PRIMARY KEY (id),
  CONSTRAINT recovery_code_user_id_code_hash_key UNIQUE (user_id, code_hash),
  CONSTRAINT recovery_code_user_id_fkey FOREIGN KEY (user_id) REFERENCES portal_user(id)
);

CREATE TABLE registration_secret (
  id          integer GENERATED ALWAYS AS IDENTITY,
  investor_id integer,
  secret_hash text NOT NULL,
  created_at  timestamp with time zone DEFAULT now() NOT NULL,
  expires_at  timestamp with time zone NOT NULL,
  used_at     timestamp with time zone,
  revoked_at  timestamp with time zone,
  role        text DEFAULT 'investor'::text NOT NULL,
  person_name text,
  llc_ids     integer[] DEFAULT '{}'::integer[] NOT NULL,
  access_id   integer,
  CONSTRAINT registration_secret_access_id_fkey FOREIGN KEY (access_id) REFERENCES investor_access(id),
  CONSTRAINT registration_secret_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT registration_secret_person_name_check CHECK (person_name = btrim(person_name) AND person_name <> ''::text AND length(person_name) <= 100),
  CONSTRAINT registration_secret_pkey PRIMARY KEY (id),
  CONSTRAINT registration_secret_role_check CHECK (role = ANY (ARRAY['admin'::text, 'bookkeeper'::text, 'auditor'::text, 'investor'::text, 'delegate'::text])),
  CONSTRAINT registration_secret_role_fields CHECK (
CASE role
    WHEN 'investor'::text THEN investor_id IS NOT NULL AND access_id IS NULL
    WHEN 'delegate'::text THEN access_id IS NOT NULL
    ELSE person_name IS NOT NULL AND investor_id IS NULL AND access_id IS NULL
END),
  CONSTRAINT registration_secret_secret_hash_key UNIQUE (secret_hash)
);
CREATE INDEX registration_secret_investor_idx ON public.registration_secret USING btree (investor_id);

CREATE TABLE schema_migration (
  name       text NOT NULL,
  applied_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT schema_migration_pkey PRIMARY KEY (name)
);

CREATE TABLE session (
  id           uuid NOT NULL,
  user_id      integer NOT NULL,
  created_at   timestamp with time zone DEFAULT now() NOT NULL,
  last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
  expires_at   timestamp with time zone NOT NULL,
  revoked_at   timestamp with time zone,
  ip           text,
  CONSTRAINT session_pkey PRIMARY KEY (id),
  CONSTRAINT session_user_id_fkey FOREIGN KEY (user_id) REFERENCES portal_user(id)
);
CREATE INDEX session_user_idx ON public.session USING btree (user_id);

CREATE TABLE sign_in_device (
  user_id       integer NOT NULL,
  device_hash   text NOT NULL,
  label         text NOT NULL,
  first_seen_at timestamp with time zone NOT NULL,
  last_seen_at  timestamp with time zone NOT NULL,
  CONSTRAINT sign_in_device_device_hash_check CHECK (device_hash ~ '^[0-9a-f]{64}$'::text),
  CONSTRAINT sign_in_device_label_check CHECK (length(label) <= 100),
  CONSTRAINT sign_in_device_pkey PRIMARY KEY (user_id, device_hash),
  CONSTRAINT sign_in_device_user_id_fkey FOREIGN KEY (user_id) REFERENCES portal_user(id)
);

CREATE TABLE spent_challenge (
  jti        text NOT NULL,
  expires_at timestamp with time zone NOT NULL,
  CONSTRAINT spent_challenge_pkey PRIMARY KEY (jti)
);
CREATE INDEX spent_challenge_expires_idx ON public.spent_challenge USING btree (expires_at);

CREATE TABLE staff_llc_grant (
  user_id    integer NOT NULL,
  llc_id     integer NOT NULL,
  granted_by integer,
  granted_at timestamp with time zone NOT NULL,
  CONSTRAINT staff_llc_grant_granted_by_fkey FOREIGN KEY (granted_by) REFERENCES portal_user(id),
  CONSTRAINT staff_llc_grant_llc_id_fkey FOREIGN KEY (llc_id) REFERENCES llc(id),
  CONSTRAINT staff_llc_grant_pkey PRIMARY KEY (user_id, llc_id),
  CONSTRAINT staff_llc_grant_user_id_fkey FOREIGN KEY (user_id) REFERENCES portal_user(id)
);

CREATE TABLE statement_download (
  id            integer GENERATED ALWAYS AS IDENTITY,
  investor_id   integer NOT NULL,
  period_from   date NOT NULL,
  period_to     date NOT NULL,
  downloaded_by integer,
  downloaded_at timestamp with time zone NOT NULL,
  CONSTRAINT statement_download_check CHECK (period_from <= period_to),
  CONSTRAINT statement_download_downloaded_by_fkey FOREIGN KEY (downloaded_by) REFERENCES portal_user(id),
  CONSTRAINT statement_download_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT statement_download_pkey PRIMARY KEY (id)
);
CREATE INDEX statement_download_investor ON public.statement_download USING btree (investor_id, downloaded_at);

CREATE TABLE statement_publication (
  id             integer GENERATED ALWAYS AS IDENTITY,
  period_from    date NOT NULL,
  period_to      date NOT NULL,
  published_by   integer,
  published_at   timestamp with time zone NOT NULL,
  investor_count integer NOT NULL,
  CONSTRAINT statement_publication_check CHECK (period_from <= period_to),
  CONSTRAINT statement_publication_investor_count_check CHECK (investor_count >= 0),
  CONSTRAINT statement_publication_period_from_period_to_key UNIQUE (period_from, period_to),
  CONSTRAINT statement_publication_pkey PRIMARY KEY (id),
  CONSTRAINT statement_publication_published_by_fkey FOREIGN KEY (published_by) REFERENCES portal_user(id)
);

CREATE TABLE statement_publication_investor (
  publication_id integer NOT NULL,
  investor_id    integer NOT NULL,
  CONSTRAINT statement_publication_investor_investor_id_fkey FOREIGN KEY (investor_id) REFERENCES investor(id),
  CONSTRAINT statement_publication_investor_pkey PRIMARY KEY (publication_id, investor_id),
  CONSTRAINT statement_publication_investor_publication_id_fkey FOREIGN KEY (publication_id) REFERENCES statement_publication(id)
);
CREATE INDEX statement_publication_investor_investor_idx ON public.statement_publication_investor USING btree (investor_id);

CREATE TABLE stored_file (
  id         uuid NOT NULL,
  size_bytes bigint DEFAULT 0 NOT NULL,
  sha256     text,
  complete   boolean DEFAULT false NOT NULL,
  created_at timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT stored_file_check CHECK (NOT complete OR sha256 IS NOT NULL),
  CONSTRAINT stored_file_pkey PRIMARY KEY (id),
  CONSTRAINT stored_file_sha256_check CHECK (sha256 ~ '^[0-9a-f]{64}$'::text),
  CONSTRAINT stored_file_size_bytes_check CHECK (size_bytes >= 0 AND size_bytes <= 26214400)
);

CREATE TABLE stored_file_chunk (
  id      bigint GENERATED ALWAYS AS IDENTITY,
  file_id uuid NOT NULL,
  seq     integer NOT NULL,
  bytes   bytea NOT NULL,
  CONSTRAINT stored_file_chunk_bytes_check CHECK (octet_length(bytes) >= 1 AND octet_length(bytes) <= 262144),
  CONSTRAINT stored_file_chunk_file_id_fkey FOREIGN KEY (file_id) REFERENCES stored_file(id) ON DELETE CASCADE,
  CONSTRAINT stored_file_chunk_file_id_seq_key UNIQUE (file_id, seq),
  CONSTRAINT stored_file_chunk_pkey PRIMARY KEY (id),
  CONSTRAINT stored_file_chunk_seq_check CHECK (seq >= 0)
);

CREATE OR REPLACE FUNCTION public.audit_append(ats timestamp with time zone[], user_ids integer[], actions text[], entities text[], entity_ids text[], befores jsonb[], afters jsonb[], ips text[], api_token_ids integer[], canonicals text[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  last_hash text := books_write_lock_last_hash(); -- the lock, then a read after it
  prev_hashes text[] := '{}';
  hashes text[] := '{}';
  canonical text;
BEGIN
  last_hash := coalesce(last_hash, repeat('0', 64));
  FOREACH canonical IN ARRAY canonicals LOOP
    prev_hashes := prev_hashes || last_hash;
    last_hash := encode(sha256(convert_to(last_hash || canonical, 'UTF8')), 'hex');
    hashes := hashes || last_hash;
  END LOOP;
  -- unnest keeps the order of the arrays, so ids follow the chain.
  INSERT INTO audit_event (at, user_id, action, entity, entity_id, before, after, ip, prev_hash, hash, api_token_id)
  SELECT * FROM unnest(ats, user_ids, actions, entities, entity_ids, befores, afters, ips, prev_hashes, hashes, api_token_ids);
END
$function$;

CREATE OR REPLACE FUNCTION public.audit_event_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  RAISE EXCEPTION 'audit events are insert-only';
END $function$;

CREATE OR REPLACE FUNCTION public.books_scope_bump(scopes text[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  bumped text[] := ARRAY(SELECT DISTINCT s FROM unnest(scopes) AS s WHERE s IS NOT NULL AND s <> '*' ORDER BY s);
BEGIN
  -- A statement that changed no row bumps nothing (and waits for no lock).
  IF cardinality(bumped) = 0 THEN RETURN; END IF;
  PERFORM books_write_lock();
  -- A scope bumped for the first time starts at 1: an answer that read it before recorded 0. '*' moves
  -- with every bump ('*' names no scope of its own to bump).
  INSERT INTO books_scope_version AS v (scope, version)
  SELECT s, 1 FROM unnest(array_prepend('*', bumped)) AS s
  ON CONFLICT (scope) DO UPDATE SET version = v.version + 1;
END
$function$;

CREATE OR REPLACE FUNCTION public.books_scope_versions(scopes text[])
 RETURNS bigint[]
 LANGUAGE plpgsql
 STABLE
AS $function$
DECLARE
  versions bigint[] := '{}';
  wanted text;
  found bigint;
BEGIN
  FOREACH wanted IN ARRAY coalesce(scopes, '{}') LOOP
    SELECT version INTO found FROM books_scope_version WHERE scope = wanted;
    versions := versions || coalesce(found, 0);
  END LOOP;
  RETURN versions;
END
$function$;

CREATE OR REPLACE FUNCTION public.books_write_lock()
 RETURNS void
 LANGUAGE sql
AS $function$
  SELECT pg_advisory_xact_lock(7340022);
$function$;

CREATE OR REPLACE FUNCTION public.books_write_lock_last_hash()
 RETURNS text
 LANGUAGE plpgsql
AS $function$
DECLARE
  last_hash text;
BEGIN
  PERFORM books_write_lock();
  SELECT hash INTO last_hash FROM audit_event ORDER BY id DESC LIMIT 1;
  RETURN last_hash;
END
$function$;

CREATE OR REPLACE FUNCTION public.investor_scope_bump()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM books_scope_bump(ARRAY(SELECT 'investor:' || id FROM changed));
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.ledger_balance_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;

CREATE OR REPLACE FUNCTION public.ledger_entry_guard()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger entries are never deleted; void them instead';
  END IF;
  IF OLD.voided_at IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % is already void', OLD.id;
  END IF;
  IF (to_jsonb(NEW) - ARRAY['voided_at', 'voided_by', 'void_reason'])
     IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['voided_at', 'voided_by', 'void_reason']) THEN
    RAISE EXCEPTION 'only the void columns of a ledger entry may change';
  END IF;
  RETURN NEW;
END $function$;

CREATE OR REPLACE FUNCTION public.ledger_scope_bump()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM books_scope_bump(ARRAY(
    SELECT 'llc:' || coalesce(r.llc_id, p.llc_id) FROM changed r LEFT JOIN property p ON p.id = r.property_id
    UNION SELECT 'investor:' || r.investor_id FROM changed r));
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.llc_scope_bump()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM books_scope_bump(ARRAY(SELECT 'llc:' || id FROM changed));
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.name_key(text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE PARALLEL SAFE STRICT COST 1000
 SET search_path TO 'pg_catalog'
AS $function$
DECLARE
  given ALIAS FOR $1;
BEGIN
  IF octet_length(given) = char_length(given) THEN
    RETURN lower(btrim(given) COLLATE "C");
  END IF;
  RETURN translate(normalize(btrim(given), NFC),
    'ABCDEFGHIJKLMNOPQRSTUVWXYZÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞĀĂĄĆĈĊČĎĐĒĔĖĘĚĜĞĠĢĤĦĨĪĬĮİĲĴĶĹĻĽĿŁŃŅŇŊŌŎŐŒŔŖŘŚŜŞŠŢŤŦŨŪŬŮŰŲŴŶŸŹŻŽƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƠƢƤƦƧƩƬƮƯƱƲƳƵƷƸƼǄǅǇǈǊǋǍǏǑǓǕǗǙǛǞǠǢǤǦǨǪǬǮǱǲǴǶǷǸǺǼǾȀȂȄȆȈȊȌȎȐȒȔȖȘȚȜȞȠȢȤȦȨȪȬȮȰȲȺȻȽȾɁɃɄɅɆɈɊɌɎͰͲͶͿΆΈΉΊΌΎΏΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩΪΫϏϘϚϜϞϠϢϤϦϨϪϬϮϴϷϹϺϽϾϿЀЁЂЃЄЅІЇЈЉЊЋЌЍЎЏАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯѠѢѤѦѨѪѬѮѰѲѴѶѸѺѼѾҀҊҌҎҐҒҔҖҘҚҜҞҠҢҤҦҨҪҬҮҰҲҴҶҸҺҼҾӀӁӃӅӇӉӋӍӐӒӔӖӘӚӜӞӠӢӤӦӨӪӬӮӰӲӴӶӸӺӼӾԀԂԄԆԈԊԌԎԐԒԔԖԘԚԜԞԠԢԤԦԨԪԬԮԱԲԳԴԵԶԷԸԹԺԻԼԽԾԿՀՁՂՃՄՅՆՇՈՉՊՋՌՍՎՏՐՑՒՓՔՕՖႠႡႢႣႤႥႦႧႨႩႪႫႬႭႮႯႰႱႲႳႴႵႶႷႸႹႺႻႼႽႾႿჀჁჂჃჄჅჇჍᎠᎡᎢᎣᎤᎥᎦᎧᎨᎩᎪᎫᎬᎭᎮᎯᎰᎱᎲᎳᎴᎵᎶᎷᎸᎹᎺᎻᎼᎽᎾᎿᏀᏁᏂᏃᏄᏅᏆᏇᏈᏉᏊᏋᏌᏍᏎᏏᏐᏑᏒᏓᏔᏕᏖᏗᏘᏙᏚᏛᏜᏝᏞᏟᏠᏡᏢᏣᏤᏥᏦᏧᏨᏩᏪᏫᏬᏭᏮᏯᏰᏱᏲᏳᏴᏵᲉᲐᲑᲒᲓᲔᲕᲖᲗᲘᲙᲚᲛᲜᲝᲞᲟᲠᲡᲢᲣᲤᲥᲦᲧᲨᲩᲪᲫᲬᲭᲮᲯᲰᲱᲲᲳᲴᲵᲶᲷᲸᲹᲺᲽᲾᲿḀḂḄḆḈḊḌḎḐḒḔḖḘḚḜḞḠḢḤḦḨḪḬḮḰḲḴḶḸḺḼḾṀṂṄṆṈṊṌṎṐṒṔṖṘṚṜṞṠṢṤṦṨṪṬṮṰṲṴṶṸṺṼṾẀẂẄẆẈẊẌẎẐẒẔẞẠẢẤẦẨẪẬẮẰẲẴẶẸẺẼẾỀỂỄỆỈỊỌỎỐỒỔỖỘỚỜỞỠỢỤỦỨỪỬỮỰỲỴỶỸỺỼỾἈἉἊἋἌἍἎἏἘἙἚἛἜἝἨἩἪἫἬἭἮἯἸἹἺἻἼἽἾἿὈὉὊὋὌὍὙὛὝὟὨὩὪὫὬὭὮὯᾈᾉᾊᾋᾌᾍᾎᾏᾘᾙᾚᾛᾜᾝᾞᾟᾨᾩᾪᾫᾬᾭᾮᾯᾸᾹᾺΆᾼῈΈῊΉῌῘῙῚΊῨῩῪΎῬῸΌῺΏῼΩKÅℲⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫⅬⅭⅮⅯↃⒶⒷⒸⒹⒺⒻⒼⒽⒾⒿⓀⓁⓂⓃⓄⓅⓆⓇⓈⓉⓊⓋⓌⓍⓎⓏⰀⰁⰂⰃⰄⰅⰆⰇⰈⰉⰊⰋⰌⰍⰎⰏⰐⰑⰒⰓⰔⰕⰖⰗⰘⰙⰚⰛⰜⰝⰞⰟⰠⰡⰢⰣⰤⰥⰦⰧⰨⰩⰪⰫⰬⰭⰮⰯⱠⱢⱣⱤⱧⱩⱫⱭⱮⱯⱰⱲⱵⱾⱿⲀⲂⲄⲆⲈⲊⲌⲎⲐⲒⲔⲖⲘⲚⲜⲞⲠⲢⲤⲦⲨⲪⲬⲮⲰⲲⲴⲶⲸⲺⲼⲾⳀⳂⳄⳆⳈⳊⳌⳎⳐⳒⳔⳖⳘⳚⳜⳞⳠⳢⳫⳭⳲꙀꙂꙄꙆꙈꙊꙌꙎꙐꙒꙔꙖꙘꙚꙜꙞꙠꙢꙤꙦꙨꙪꙬꚀꚂꚄꚆꚈꚊꚌꚎꚐꚒꚔꚖꚘꚚꜢꜤꜦꜨꜪꜬꜮꜲꜴꜶꜸꜺꜼꜾꝀꝂꝄꝆꝈꝊꝌꝎꝐꝒꝔꝖꝘꝚꝜꝞꝠꝢꝤꝦꝨꝪꝬꝮꝹꝻꝽꝾꞀꞂꞄꞆꞋꞍꞐꞒꞖꞘꞚꞜꞞꞠꞢꞤꞦꞨꞪꞫꞬꞭꞮꞰꞱꞲꞳꞴꞶꞸꞺꞼꞾꟀꟂꟄꟅꟆꟇꟉꟋꟌ꟎Ꟑ꟒꟔ꟖꟘꟚꟜꟵＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ𐐀𐐁𐐂𐐃𐐄𐐅𐐆𐐇𐐈𐐉𐐊𐐋𐐌𐐍𐐎𐐏𐐐𐐑𐐒𐐓𐐔𐐕𐐖𐐗𐐘𐐙𐐚𐐛𐐜𐐝𐐞𐐟𐐠𐐡𐐢𐐣𐐤𐐥𐐦𐐧𐒰𐒱𐒲𐒳𐒴𐒵𐒶𐒷𐒸𐒹𐒺𐒻𐒼𐒽𐒾𐒿𐓀𐓁𐓂𐓃𐓄𐓅𐓆𐓇𐓈𐓉𐓊𐓋𐓌𐓍𐓎𐓏𐓐𐓑𐓒𐓓𐕰𐕱𐕲𐕳𐕴𐕵𐕶𐕷𐕸𐕹𐕺𐕼𐕽𐕾𐕿𐖀𐖁𐖂𐖃𐖄𐖅𐖆𐖇𐖈𐖉𐖊𐖌𐖍𐖎𐖏𐖐𐖑𐖒𐖔𐖕𐲀𐲁𐲂𐲃𐲄𐲅𐲆𐲇𐲈𐲉𐲊𐲋𐲌𐲍𐲎𐲏𐲐𐲑𐲒𐲓𐲔𐲕𐲖𐲗𐲘𐲙𐲚𐲛𐲜𐲝𐲞𐲟𐲠𐲡𐲢𐲣𐲤𐲥𐲦𐲧𐲨𐲩𐲪𐲫𐲬𐲭𐲮𐲯𐲰𐲱𐲲𐵐𐵑𐵒𐵓𐵔𐵕𐵖𐵗𐵘𐵙𐵚𐵛𐵜𐵝𐵞𐵟𐵠𐵡𐵢𐵣𐵤𐵥𑢠𑢡𑢢𑢣𑢤𑢥𑢦𑢧𑢨𑢩𑢪𑢫𑢬𑢭𑢮𑢯𑢰𑢱𑢲𑢳𑢴𑢵𑢶𑢷𑢸𑢹𑢺𑢻𑢼𑢽𑢾𑢿𖹀𖹁𖹂𖹃𖹄𖹅𖹆𖹇𖹈𖹉𖹊𖹋𖹌𖹍𖹎𖹏𖹐𖹑𖹒𖹓𖹔𖹕𖹖𖹗𖹘𖹙𖹚𖹛𖹜𖹝𖹞𖹟𖺠𖺡𖺢𖺣𖺤𖺥𖺦𖺧𖺨𖺩𖺪𖺫𖺬𖺭𖺮𖺯𖺰𖺱𖺲𖺳𖺴𖺵𖺶𖺷𖺸𞤀𞤁𞤂𞤃𞤄𞤅𞤆𞤇𞤈𞤉𞤊𞤋𞤌𞤍𞤎𞤏𞤐𞤑𞤒𞤓𞤔𞤕𞤖𞤗𞤘𞤙𞤚𞤛𞤜𞤝𞤞𞤟𞤠𞤡',
    'abcdefghijklmnopqrstuvwxyzàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþāăąćĉċčďđēĕėęěĝğġģĥħĩīĭįiĳĵķĺļľŀłńņňŋōŏőœŕŗřśŝşšţťŧũūŭůűųŵŷÿźżžɓƃƅɔƈɖɗƌǝəɛƒɠɣɩɨƙɯɲɵơƣƥʀƨʃƭʈưʊʋƴƶʒƹƽǆǆǉǉǌǌǎǐǒǔǖǘǚǜǟǡǣǥǧǩǫǭǯǳǳǵƕƿǹǻǽǿȁȃȅȇȉȋȍȏȑȓȕȗșțȝȟƞȣȥȧȩȫȭȯȱȳⱥȼƚⱦɂƀʉʌɇɉɋɍɏͱͳͷϳάέήίόύώαβγδεζηθικλμνξοπρστυφχψωϊϋϗϙϛϝϟϡϣϥϧϩϫϭϯθϸϲϻͻͼͽѐёђѓєѕіїјљњћќѝўџабвгдежзийклмнопрстуфхцчшщъыьэюяѡѣѥѧѩѫѭѯѱѳѵѷѹѻѽѿҁҋҍҏґғҕҗҙқҝҟҡңҥҧҩҫҭүұҳҵҷҹһҽҿӏӂӄӆӈӊӌӎӑӓӕӗәӛӝӟӡӣӥӧөӫӭӯӱӳӵӷӹӻӽӿԁԃԅԇԉԋԍԏԑԓԕԗԙԛԝԟԡԣԥԧԩԫԭԯաբգդեզէըթժիլխծկհձղճմյնշոչպջռսվտրցւփքօֆⴀⴁⴂⴃⴄⴅⴆⴇⴈⴉⴊⴋⴌⴍⴎⴏⴐⴑⴒⴓⴔⴕⴖⴗⴘⴙⴚⴛⴜⴝⴞⴟⴠⴡⴢⴣⴤⴥⴧⴭꭰꭱꭲꭳꭴꭵꭶꭷꭸꭹꭺꭻꭼꭽꭾꭿꮀꮁꮂꮃꮄꮅꮆꮇꮈꮉꮊꮋꮌꮍꮎꮏꮐꮑꮒꮓꮔꮕꮖꮗꮘꮙꮚꮛꮜꮝꮞꮟꮠꮡꮢꮣꮤꮥꮦꮧꮨꮩꮪꮫꮬꮭꮮꮯꮰꮱꮲꮳꮴꮵꮶꮷꮸꮹꮺꮻꮼꮽꮾꮿᏸᏹᏺᏻᏼᏽᲊაბგდევზთიკლმნოპჟრსტუფქღყშჩცძწჭხჯჰჱჲჳჴჵჶჷჸჹჺჽჾჿḁḃḅḇḉḋḍḏḑḓḕḗḙḛḝḟḡḣḥḧḩḫḭḯḱḳḵḷḹḻḽḿṁṃṅṇṉṋṍṏṑṓṕṗṙṛṝṟṡṣṥṧṩṫṭṯṱṳṵṷṹṻṽṿẁẃẅẇẉẋẍẏẑẓẕßạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹỻỽỿἀἁἂἃἄἅἆἇἐἑἒἓἔἕἠἡἢἣἤἥἦἧἰἱἲἳἴἵἶἷὀὁὂὃὄὅὑὓὕὗὠὡὢὣὤὥὦὧᾀᾁᾂᾃᾄᾅᾆᾇᾐᾑᾒᾓᾔᾕᾖᾗᾠᾡᾢᾣᾤᾥᾦᾧᾰᾱὰάᾳὲέὴήῃῐῑὶίῠῡὺύῥὸόὼώῳωkåⅎⅰⅱⅲⅳⅴⅵⅶⅷⅸⅹⅺⅻⅼⅽⅾⅿↄⓐⓑⓒⓓⓔⓕⓖⓗⓘⓙⓚⓛⓜⓝⓞⓟⓠⓡⓢⓣⓤⓥⓦⓧⓨⓩⰰⰱⰲⰳⰴⰵⰶⰷⰸⰹⰺⰻⰼⰽⰾⰿⱀⱁⱂⱃⱄⱅⱆⱇⱈⱉⱊⱋⱌⱍⱎⱏⱐⱑⱒⱓⱔⱕⱖⱗⱘⱙⱚⱛⱜⱝⱞⱟⱡɫᵽɽⱨⱪⱬɑɱɐɒⱳⱶȿɀⲁⲃⲅⲇⲉⲋⲍⲏⲑⲓⲕⲗⲙⲛⲝⲟⲡⲣⲥⲧⲩⲫⲭⲯⲱⲳⲵⲷⲹⲻⲽⲿⳁⳃⳅⳇⳉⳋⳍⳏⳑⳓⳕⳗⳙⳛⳝⳟⳡⳣⳬⳮⳳꙁꙃꙅꙇꙉꙋꙍꙏꙑꙓꙕꙗꙙꙛꙝꙟꙡꙣꙥꙧꙩꙫꙭꚁꚃꚅꚇꚉꚋꚍꚏꚑꚓꚕꚗꚙꚛꜣꜥꜧꜩꜫꜭꜯꜳꜵꜷꜹꜻꜽꜿꝁꝃꝅꝇꝉꝋꝍꝏꝑꝓꝕꝗꝙꝛꝝꝟꝡꝣꝥꝧꝩꝫꝭꝯꝺꝼᵹꝿꞁꞃꞅꞇꞌɥꞑꞓꞗꞙꞛꞝꞟꞡꞣꞥꞧꞩɦɜɡɬɪʞʇʝꭓꞵꞷꞹꞻꞽꞿꟁꟃꞔʂᶎꟈꟊɤꟍ꟏ꟑꟓꟕꟗꟙꟛƛꟶａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚ𐐨𐐩𐐪𐐫𐐬𐐭𐐮𐐯𐐰𐐱𐐲𐐳𐐴𐐵𐐶𐐷𐐸𐐹𐐺𐐻𐐼𐐽𐐾𐐿𐑀𐑁𐑂𐑃𐑄𐑅𐑆𐑇𐑈𐑉𐑊𐑋𐑌𐑍𐑎𐑏𐓘𐓙𐓚𐓛𐓜𐓝𐓞𐓟𐓠𐓡𐓢𐓣𐓤𐓥𐓦𐓧𐓨𐓩𐓪𐓫𐓬𐓭𐓮𐓯𐓰𐓱𐓲𐓳𐓴𐓵𐓶𐓷𐓸𐓹𐓺𐓻𐖗𐖘𐖙𐖚𐖛𐖜𐖝𐖞𐖟𐖠𐖡𐖣𐖤𐖥𐖦𐖧𐖨𐖩𐖪𐖫𐖬𐖭𐖮𐖯𐖰𐖱𐖳𐖴𐖵𐖶𐖷𐖸𐖹𐖻𐖼𐳀𐳁𐳂𐳃𐳄𐳅𐳆𐳇𐳈𐳉𐳊𐳋𐳌𐳍𐳎𐳏𐳐𐳑𐳒𐳓𐳔𐳕𐳖𐳗𐳘𐳙𐳚𐳛𐳜𐳝𐳞𐳟𐳠𐳡𐳢𐳣𐳤𐳥𐳦𐳧𐳨𐳩𐳪𐳫𐳬𐳭𐳮𐳯𐳰𐳱𐳲𐵰𐵱𐵲𐵳𐵴𐵵𐵶𐵷𐵸𐵹𐵺𐵻𐵼𐵽𐵾𐵿𐶀𐶁𐶂𐶃𐶄𐶅𑣀𑣁𑣂𑣃𑣄𑣅𑣆𑣇𑣈𑣉𑣊𑣋𑣌𑣍𑣎𑣏𑣐𑣑𑣒𑣓𑣔𑣕𑣖𑣗𑣘𑣙𑣚𑣛𑣜𑣝𑣞𑣟𖹠𖹡𖹢𖹣𖹤𖹥𖹦𖹧𖹨𖹩𖹪𖹫𖹬𖹭𖹮𖹯𖹰𖹱𖹲𖹳𖹴𖹵𖹶𖹷𖹸𖹹𖹺𖹻𖹼𖹽𖹾𖹿𖺻𖺼𖺽𖺾𖺿𖻀𖻁𖻂𖻃𖻄𖻅𖻆𖻇𖻈𖻉𖻊𖻋𖻌𖻍𖻎𖻏𖻐𖻑𖻒𖻓𞤢𞤣𞤤𞤥𞤦𞤧𞤨𞤩𞤪𞤫𞤬𞤭𞤮𞤯𞤰𞤱𞤲𞤳𞤴𞤵𞤶𞤷𞤸𞤹𞤺𞤻𞤼𞤽𞤾𞤿𞥀𞥁𞥂𞥃');
END
$function$;

CREATE OR REPLACE FUNCTION public.property_month_total_add(e ledger_entry, sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  who integer;
  cents bigint;
BEGIN
  IF e.kind IN ('property_income', 'lc_payment') AND e.period_start IS NULL THEN
    who := 0; cents := e.amount_cents;
  ELSIF e.kind = 'property_expense' AND e.period_start IS NULL THEN
    who := 0; cents := -e.amount_cents;
  ELSIF e.kind = 'investor_property_expense' THEN
    who := e.investor_id; cents := e.amount_cents;
  ELSE
    RETURN;
  END IF;
  INSERT INTO property_month_total AS t (property_id, investor_id, for_month, date_month, cents, entries)
  VALUES (e.property_id, who, e.for_month, date_trunc('month', e.date)::date, sign * cents, sign)
  ON CONFLICT (property_id, investor_id, for_month, date_month)
  DO UPDATE SET cents = t.cents + EXCLUDED.cents, entries = t.entries + EXCLUDED.entries;
END $function$;

CREATE OR REPLACE FUNCTION public.property_month_total_clear()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM property_month_total;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.property_month_total_maintain()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.voided_at IS NULL THEN
    PERFORM property_month_total_add(NEW, 1);
  ELSIF TG_OP = 'UPDATE' AND OLD.voided_at IS NULL AND NEW.voided_at IS NOT NULL THEN
    PERFORM property_month_total_add(OLD, -1);
  END IF;
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.property_scope_bump()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM books_scope_bump(ARRAY(SELECT 'llc:' || llc_id FROM changed));
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.property_scope_bump_moved()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM books_scope_bump(ARRAY(SELECT 'llc:' || llc_id FROM changed UNION SELECT 'llc:' || llc_id FROM before_rows));
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.shared_scope_bump()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM books_scope_bump(ARRAY['shared']);
  RETURN NULL;
END $function$;

CREATE OR REPLACE FUNCTION public.stored_as_expected(stored jsonb, expected jsonb)
 RETURNS boolean
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF stored IS NULL OR stored IS DISTINCT FROM expected THEN
    RAISE EXCEPTION 'row % was stored other than its audit row says', coalesce(expected->>'id', '?');
  END IF;
  RETURN true;
END
$function$;
