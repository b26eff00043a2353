import { useCallback, useRef, useState } from 'react';
import { FILL_ALL_FIELDS, RecordForm, type FieldSpec, type FormValues } from '../../../components/record-form';
import { formatCurrency } from '../../../lib/format';
import {
  getMaxCashWithdrawal,
  getMaxDepositWithdrawal,
  getMaxInvestmentWithdrawal,
  recordCashWithdrawal,
  recordDepositWithdrawal,
  recordInvestmentWithdrawal,
} from '../admin-api';
import { dollarsText, dollarsToCents, parseCents } from '../cents';
import { date, select, text, type AdminFormProps } from './fields';

/**
 * Withdraw Funds (portal-spec §2, §4, §5, §8): three forms whose amount is bounded by a maximum the
 * server computes. The amount stays disabled until the selectors that decide the maximum are chosen;
 * changing one of them sets the amount back to 0 and fetches the maximum again. Over the maximum the
 * submit is refused before any request; the server checks again under its row lock.
 */
type Maximum =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; dollars: number }
  | { status: 'error'; message: string };

/** The maximum of the current selection; a late answer for an earlier selection is dropped. */
function useMaximum() {
  const [max, setMax] = useState<Maximum>({ status: 'idle' });
  const call = useRef(0);
  const load = useCallback((fetch: (() => Promise<number>) | null) => {
    const n = ++call.current;
    if (!fetch) return setMax({ status: 'idle' });
    setMax({ status: 'loading' });
    fetch().then(
      (dollars) => {
        if (n === call.current) setMax({ status: 'ready', dollars });
      },
      (err: unknown) => {
        if (n !== call.current) return;
        const message = err instanceof Error ? err.message : String(err);
        console.error(message);
        setMax({ status: 'error', message });
      },
    );
  }, []);
  return { max, load };
}

type WithdrawalFormProps = {
  id: string;
  title: string;
  submitLabel: string;
  /** The required selects that decide the maximum, in form order. */
  selectors: FieldSpec[];
  /** The date and text fields, after the amount. */
  rest: FieldSpec[];
  /** What to choose first, shown under the amount until the selectors are chosen. */
  chooseFirst: string;
  fetchMax: (selection: FormValues) => Promise<number>;
  /** 'deposit' words the refusal "maximum deposit amount" (portal-spec §5). */
  limit: 'withdrawal' | 'deposit';
  onSubmit: (values: FormValues) => Promise<string>;
};

const AMOUNT = 'amount';
const DEFAULTS: FormValues = { [AMOUNT]: '0' };

function WithdrawalForm({ id, title, submitLabel, selectors, rest, chooseFirst, fetchMax, limit, onSubmit }: WithdrawalFormProps) {
  const names = selectors.map((f) => f.name);
  const [selection, setSelection] = useState<FormValues>({});
  const { max, load } = useMaximum();
  const chosen = names.every((n) => (selection[n] ?? '') !== '');

  const amountHint =
    !chosen ? chooseFirst
    : max.status === 'ready' ? `Maximum: ${formatCurrency(max.dollars)}`
    : max.status === 'error' ? `The maximum could not be loaded: ${max.message}`
    : 'Loading the maximum...';

  const amount: FieldSpec = {
    name: AMOUNT,
    label: 'Amount',
    kind: 'number',
    required: true,
    min: '0',
    max: max.status === 'ready' ? dollarsText(max.dollars) : undefined,
    disabled: !chosen || max.status !== 'ready',
    hint: amountHint,
  };

  const validate = (values: FormValues): string | null => {
    const cents = parseCents(values[AMOUNT] ?? '');
    if (cents === null) return 'Enter the amount in dollars and cents, for example 125.50.';
    if (cents === 0) return FILL_ALL_FIELDS;
    if (max.status !== 'ready') return 'The maximum is not known yet. Choose again or reload the page.';
    if (cents > dollarsToCents(max.dollars)) {
      return `Amount cannot exceed the maximum ${limit} amount of ${dollarsText(max.dollars)}`;
    }
    return null;
  };

  return (
    <section className="card withdraw-card" aria-labelledby={`${id}-title`}>
      <div className="card-body p-3 p-md-4">
        <h3 id={`${id}-title`} className="h6 fw-semibold mb-2">
          {title}
        </h3>
        <RecordForm
          id={id}
          submitLabel={submitLabel}
          defaults={DEFAULTS}
          fields={[...selectors, amount, ...rest]}
          validate={validate}
          onFieldChange={(name, value, patch) => {
            if (!names.includes(name)) return;
            const next = { ...selection, [name]: value };
            setSelection(next);
            patch({ [AMOUNT]: '0' });
            load(names.every((n) => (next[n] ?? '') !== '') ? () => fetchMax(next) : null);
          }}
          onSubmit={onSubmit}
          onSuccess={() => {
            setSelection({});
            load(null);
          }}
        />
      </div>
    </section>
  );
}

const s = (v: FormValues, k: string): string => v[k] ?? '';

export function WithdrawFunds({ helpers }: AdminFormProps) {
  return (
    <div className="d-grid gap-4">
      <p className="text-secondary mb-0">
        Choose who or what the money leaves first: the amount opens once the maximum that can be withdrawn is known.
      </p>
      <WithdrawalForm
        id="withdraw-cash"
        title="Withdraw from Cash"
        submitLabel="Withdraw cash"
        selectors={[select('investor_name', 'Investor', helpers.investors_list, 'Select an investor')]}
        rest={[date('date', 'Date'), text('description', 'Description', { maxLength: 500 })]}
        chooseFirst="Choose an investor to see the maximum."
        fetchMax={(v) => getMaxCashWithdrawal(s(v, 'investor_name'))}
        limit="withdrawal"
        onSubmit={async (v) => {
          await recordCashWithdrawal({
            investor_name: s(v, 'investor_name'),
            date: s(v, 'date'),
            description: s(v, 'description'),
            amount: s(v, AMOUNT),
          });
          return 'Cash withdrawal recorded successfully';
        }}
      />
      <WithdrawalForm
        id="withdraw-investment"
        title="Withdraw from Investment"
        submitLabel="Withdraw from investment"
        selectors={[
          select('investor_name', 'Investor', helpers.investors_list, 'Select an investor'),
          select('property_name', 'Property', helpers.properties, 'Select a property'),
        ]}
        rest={[date('date', 'Date')]}
        chooseFirst="Choose an investor and a property to see the maximum."
        fetchMax={(v) => getMaxInvestmentWithdrawal(s(v, 'investor_name'), s(v, 'property_name'))}
        limit="withdrawal"
        onSubmit={async (v) => {
          await recordInvestmentWithdrawal({
            investor_name: s(v, 'investor_name'),
            property_name: s(v, 'property_name'),
            date: s(v, 'date'),
            amount: s(v, AMOUNT),
          });
          return 'Investment withdrawal recorded successfully';
        }}
      />
      <WithdrawalForm
        id="withdraw-deposit"
        title="Withdraw Deposit"
        submitLabel="Withdraw deposit"
        selectors={[select('property_name', 'Rental property', helpers.rental_properties, 'Select a property')]}
        rest={[date('date', 'Date'), text('notes', 'Notes', { maxLength: 500 })]}
        chooseFirst="Choose a property to see the maximum."
        fetchMax={(v) => getMaxDepositWithdrawal(s(v, 'property_name'))}
        limit="deposit"
        onSubmit={async (v) => {
          await recordDepositWithdrawal({
            property_name: s(v, 'property_name'),
            date: s(v, 'date'),
            notes: s(v, 'notes'),
            amount: s(v, AMOUNT),
          });
          return 'Deposit withdrawal recorded successfully';
        }}
      />
    </div>
  );
}
