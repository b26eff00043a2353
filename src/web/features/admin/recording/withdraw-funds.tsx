import { useEffect, useState } from 'react';
import type { Endpoint, QueryInput, Reply } from '../../../../contract/endpoint';
import { endpoints } from '../../../../contract/endpoints';
import type { CorrectingForm } from '../../../../contract/schemas/corrections';
import { FILL_ALL_FIELDS, RecordForm, type FieldSpec, type FormEndpoint, type FieldName, type FormValues, type Refusal } from '../../../components/record-form';
import { errorText } from '../../../lib/api-client';
import { addDollars, dollarsText, exceeds } from '../../../lib/cents';
import { formatCurrency } from '../../../lib/format';
import { useEndpointQuery } from '../../../lib/queries';
import { CorrectionBanner, CorrectionReason, EntryReceipt, RecentEntries, useCorrection, type Receipt } from '../shared/entry-receipts';
import { dateToday, description, investor, select, TERMS, text, type AdminFormProps } from '../shared/fields';

/**
 * Withdraw Funds (docs/product.md "Screens"): three forms whose amount is bounded by a maximum the
 * server computes. The amount stays disabled until the selectors that decide the maximum are chosen;
 * changing one of them clears the amount (back to its "0.00" placeholder: nothing to delete before typing)
 * and reads the maximum of the new choice. Over the maximum the submit is refused before any request; the
 * server checks again under its row lock. The date starts at today.
 *
 * Each form also leaves a receipt, lists its last entries and corrects one the address names:
 * while the choice is the corrected entry's own, its amount counts back into the maximum (the server
 * voids it before it checks the new one).
 */
type MaxEndpoint = Endpoint & { method: 'GET'; query: object };

type WithdrawalFormProps<W extends FormEndpoint, M extends MaxEndpoint> = {
  id: string;
  title: string;
  submitLabel: string;
  /** The write, and the read of its maximum (whose query is the selectors' values). */
  endpoint: W;
  /** The write's name in the endpoint table: its receipts and corrections. */
  form: CorrectingForm;
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
  /** 'deposit' words the refusal "maximum deposit amount" (docs/product.md "Screens"). */
  limit: 'withdrawal' | 'deposit';
};

const AMOUNT = 'amount';

function WithdrawalForm<W extends FormEndpoint, M extends MaxEndpoint>(p: WithdrawalFormProps<W, M>) {
  const names: string[] = p.selectors.map((f) => f.name);
  const [selection, setSelection] = useState<FormValues>({});
  const correction = useCorrection(p.form);
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const correcting = correction.active ? correction.values : null;
  const namesKey = names.join(',');
  // A correction starts from the entry's own choice, whose maximum is read at once.
  useEffect(() => {
    if (correcting) {
      setSelection(Object.fromEntries(namesKey.split(',').map((n) => [n, correcting[n] ?? ''])));
      setReceipt(null);
    }
  }, [correcting, namesKey]);
  const chosen = names.every((n) => (selection[n] ?? '') !== '');
  const query = Object.fromEntries(names.map((n) => [n, selection[n] ?? ''])) as QueryInput<M>;
  const max = useEndpointQuery(p.maxEndpoint, query, {
    enabled: chosen,
    select: p.maxOf,
    meta: { onError: (err) => console.error(errorText(err)) },
  });
  // A maximum being read again is not known yet: the amount waits for it.
  const read = chosen && !max.isFetching && max.data !== undefined ? max.data : null;
  // The corrected entry's own amount is given back before the new one is checked, for its own choice.
  const credit = correcting && correction.entry && names.every((n) => (selection[n] ?? '') === (correcting[n] ?? '')) ? correction.entry.amount : 0;
  const known = read === null ? null : addDollars(read, credit);

  const amountHint =
    !chosen ? p.chooseFirst
    : known !== null ? `Maximum: ${formatCurrency(known)}${credit ? ` (with the ${formatCurrency(credit)} of entry ${correction.entry?.id} given back)` : ''}`
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
    return over ? refuse(`Amount cannot exceed the maximum ${p.limit} amount of ${formatCurrency(known)}`) : null;
  };

  return (
    <section className="card withdraw-card" aria-labelledby={`${p.id}-title`}>
      <div className="card-body p-3 p-md-4">
        <h3 id={`${p.id}-title`} className="h6 fw-semibold mb-2">
          {p.title}
        </h3>
        {p.help && <p className="record-form-intro mb-2">{p.help}</p>}
        <CorrectionBanner correction={correction} />
        <RecordForm key={correcting ? `correct-${correction.entry?.id}` : 'new'} id={p.id} endpoint={p.endpoint}
          submitLabel={correcting ? 'Save correction' : p.submitLabel}
          fields={[...p.selectors, amount, ...p.rest]} validate={validate} loaded={correcting}
          send={correcting ? correction.send : undefined}
          onFieldChange={(name, value, set) => {
            if (!names.includes(name)) return;
            setSelection((s) => ({ ...s, [name]: value }));
            set(AMOUNT, '');
          }}
          onSuccess={(reply) => {
            const answer = reply as { id: number; voided_id?: number };
            setSelection({});
            setReceipt({ id: answer.id, voidedId: answer.voided_id });
            if (correcting) correction.stop();
          }}>
          {correcting && <CorrectionReason correction={correction} id={p.id} />}
        </RecordForm>
        {receipt && <EntryReceipt receipt={receipt} onDismiss={() => setReceipt(null)} />}
        <RecentEntries form={p.form} id={p.id} />
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
        endpoint={endpoints.recordCashWithdrawal} form="recordCashWithdrawal" maxEndpoint={endpoints.maxCashWithdrawal} maxOf={(r) => r.max_cash_withdrawal}
        selectors={[investor(helpers, 'investor_name')]} rest={[dateToday('date', 'Date'), description({})]}
        chooseFirst="Choose an investor to see the maximum." limit="withdrawal" />
      <WithdrawalForm id="withdraw-investment" title="Withdraw from Investment" submitLabel="Withdraw from investment"
        endpoint={endpoints.recordInvestmentWithdrawal} form="recordInvestmentWithdrawal" maxEndpoint={endpoints.maxInvestmentWithdrawal}
        maxOf={(r) => r.max_investment_withdrawal}
        selectors={[investor(helpers, 'investor_name'), select('property_name', 'Property', helpers.properties, 'Select a property')]}
        rest={[dateToday('date', 'Date')]} chooseFirst="Choose an investor and a property to see the maximum." limit="withdrawal" />
      <WithdrawalForm id="withdraw-deposit" title="Withdraw Deposit" submitLabel="Withdraw deposit"
        endpoint={endpoints.recordDepositWithdrawal} form="recordDepositWithdrawal" maxEndpoint={endpoints.maxDepositWithdrawal}
        maxOf={(r) => r.max_deposit_withdrawal} selectors={[rentalProperty(helpers)]}
        rest={[dateToday('date', 'Date'), text('notes', 'Notes', { maxLength: 500 })]}
        chooseFirst="Choose a property to see the maximum." limit="deposit" help={TERMS.depositDisposition} />
    </div>
  );
}
