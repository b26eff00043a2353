import { useState } from 'react';
import type { Endpoint, QueryInput, Reply } from '../../../../contract/endpoint';
import { endpoints } from '../../../../contract/endpoints';
import { FILL_ALL_FIELDS, RecordForm, type FieldSpec, type FormEndpoint, type FieldName, type FormValues, type Refusal } from '../../../components/record-form';
import { errorText } from '../../../lib/api-client';
import { dollarsText, exceeds } from '../../../lib/cents';
import { formatCurrency } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { dateToday, description, investor, select, TERMS, text, type AdminFormProps } from './fields';

/**
 * Withdraw Funds (portal-spec §2, §4, §5, §8): three forms whose amount is bounded by a maximum the
 * server computes. The amount stays disabled until the selectors that decide the maximum are chosen;
 * changing one of them clears the amount (back to its "0.00" placeholder: nothing to delete before typing)
 * and reads the maximum of the new choice. Over the maximum the submit is refused before any request; the
 * server checks again under its row lock. The date starts at today.
 */
type MaxEndpoint = Endpoint & { method: 'GET'; query: object };

type WithdrawalFormProps<W extends FormEndpoint, M extends MaxEndpoint> = {
  id: string;
  title: string;
  submitLabel: string;
  /** The write, and the read of its maximum (whose query is the selectors' values). */
  endpoint: W;
  maxEndpoint: M;
  /** The figure of the maximum's answer. */
  maxOf: (reply: Reply<M>) => number;
  /** The required selects that decide the maximum, in form order. */
  selectors: FieldSpec<FieldName<W>>[];
  /** The date and text fields, after the amount. */
  rest: FieldSpec<FieldName<W>>[];
  /** What to choose first, shown under the amount until the selectors are chosen. */
  chooseFirst: string;
  /** One line under the title for a term a newcomer may not know. */
  help?: string;
  /** 'deposit' words the refusal "maximum deposit amount" (portal-spec §5). */
  limit: 'withdrawal' | 'deposit';
};

const AMOUNT = 'amount';

function WithdrawalForm<W extends FormEndpoint, M extends MaxEndpoint>(p: WithdrawalFormProps<W, M>) {
  const names: string[] = p.selectors.map((f) => f.name);
  const [selection, setSelection] = useState<FormValues>({});
  const chosen = names.every((n) => (selection[n] ?? '') !== '');
  const query = Object.fromEntries(names.map((n) => [n, selection[n] ?? ''])) as QueryInput<M>;
  const max = useEndpointQuery(p.maxEndpoint, query, {
    enabled: chosen,
    select: p.maxOf,
    meta: { onError: (err) => console.error(errorText(err)) },
  });
  // A maximum being read again is not known yet: the amount waits for it.
  const known = chosen && !max.isFetching && max.data !== undefined ? max.data : null;

  const amountHint =
    !chosen ? p.chooseFirst
    : known !== null ? `Maximum: ${formatCurrency(known)}`
    : max.error && !max.isFetching ? `The maximum could not be loaded: ${errorText(max.error)}`
    : 'Loading the maximum...';

  const amount: FieldSpec<FieldName<W>> = {
    name: AMOUNT as FieldName<W>,
    label: 'Amount',
    kind: 'number',
    min: '0',
    max: known !== null ? dollarsText(known) : undefined,
    disabled: known === null,
    hint: amountHint,
  };

  const validate = (values: FormValues): Refusal | null => {
    const refuse = (message: string) => ({ field: AMOUNT, message });
    const over = known === null ? null : exceeds(values[AMOUNT] ?? '', known);
    if (/^\s*0*(\.0*)?\s*$/.test(values[AMOUNT] ?? '')) return refuse(FILL_ALL_FIELDS);
    if (known === null) return refuse('The maximum is not known yet. Choose again or reload the page.');
    if (over === null) return refuse('Enter the amount in dollars and cents, for example 125.50.');
    return over ? refuse(`Amount cannot exceed the maximum ${p.limit} amount of ${dollarsText(known)}`) : null;
  };

  return (
    <section className="card withdraw-card" aria-labelledby={`${p.id}-title`}>
      <div className="card-body p-3 p-md-4">
        <h3 id={`${p.id}-title`} className="h6 fw-semibold mb-2">
          {p.title}
        </h3>
        {p.help && <p className="record-form-intro mb-2">{p.help}</p>}
        <RecordForm id={p.id} endpoint={p.endpoint} submitLabel={p.submitLabel}
          fields={[...p.selectors, amount, ...p.rest]} validate={validate}
          onFieldChange={(name, value, set) => {
            if (!names.includes(name)) return;
            setSelection((s) => ({ ...s, [name]: value }));
            set(AMOUNT, '');
          }}
          onSuccess={() => setSelection({})} />
      </div>
    </section>
  );
}

const rentalProperty = (helpers: AdminFormProps['helpers']) =>
  select('property_name', 'Rental property', helpers.rental_properties, 'Select a property');

export function WithdrawFunds({ helpers }: AdminFormProps) {
  return (
    <div className="d-grid gap-4">
      <p className="text-secondary mb-0">
        Choose who or what the money leaves first: the amount opens once the maximum that can be withdrawn is known.
      </p>
      <WithdrawalForm id="withdraw-cash" title="Withdraw from Cash" submitLabel="Withdraw cash"
        endpoint={endpoints.recordCashWithdrawal} maxEndpoint={endpoints.maxCashWithdrawal} maxOf={(r) => r.max_cash_withdrawal}
        selectors={[investor(helpers, 'investor_name')]} rest={[dateToday('date', 'Date'), description({})]}
        chooseFirst="Choose an investor to see the maximum." limit="withdrawal" />
      <WithdrawalForm id="withdraw-investment" title="Withdraw from Investment" submitLabel="Withdraw from investment"
        endpoint={endpoints.recordInvestmentWithdrawal} maxEndpoint={endpoints.maxInvestmentWithdrawal}
        maxOf={(r) => r.max_investment_withdrawal}
        selectors={[investor(helpers, 'investor_name'), select('property_name', 'Property', helpers.properties, 'Select a property')]}
        rest={[dateToday('date', 'Date')]} chooseFirst="Choose an investor and a property to see the maximum." limit="withdrawal" />
      <WithdrawalForm id="withdraw-deposit" title="Withdraw Deposit" submitLabel="Withdraw deposit"
        endpoint={endpoints.recordDepositWithdrawal} maxEndpoint={endpoints.maxDepositWithdrawal}
        maxOf={(r) => r.max_deposit_withdrawal} selectors={[rentalProperty(helpers)]}
        rest={[dateToday('date', 'Date'), text('notes', 'Notes', { maxLength: 500 })]}
        chooseFirst="Choose a property to see the maximum." limit="deposit" help={TERMS.depositDisposition} />
    </div>
  );
}
