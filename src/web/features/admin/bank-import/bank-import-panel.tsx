import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { endpoints } from '../../../../contract/endpoints';
import { queryKeyOf, useEndpointQuery } from '../../../lib/queries';
import type { AdminFormProps } from '../shared/fields';
import { NameSelect } from '../shared/name-select';
import { logFailure, ReportFailure, ReportLoading } from '../shared/report-state';
import type { PreviewReply } from './bank-import-call';
import { BankAccountsCard } from './bank-accounts-card';
import { CsvMappingForm } from './csv-mapping-form';
import { ImportLines } from './import-lines';
import { ImportsList } from './imports-list';
import { PreviewTable } from './preview-table';
import { RulesCard } from './rules-card';
import { StatementUpload } from './statement-upload';

/** The import shown: the preview to check and record while previewed, else its lines and what each became. */
function ShownImport({ id, props, onRecorded }: { id: number; props: AdminFormProps; onRecorded: (message: string) => void }) {
  const { data, error } = useEndpointQuery(endpoints.bankImport, { import_id: id }, { meta: logFailure });
  if (error) return <ReportFailure what="The import" error={error} />;
  if (!data) return <ReportLoading />;
  if (data.state === 'previewed' && data.import_id !== null) {
    return <PreviewTable key={data.import_id} imp={{ ...data, import_id: data.import_id }} helpers={props.helpers} onRecorded={onRecorded} />;
  }
  return <ImportLines imp={data} />;
}

/**
 * "Bank Import": an LLC's bank statement (CSV, OFX, QFX) read into a preview of what each line would
 * record, checked and recorded in one go; a CSV's columns mapped once per account; the imports made, each
 * undone by an admin; the LLC's bank accounts and the rules that propose entries.
 */
export function BankImportPanel(props: AdminFormProps) {
  const { helpers } = props;
  const client = useQueryClient();
  const [llc, setLlc] = useState(helpers.llcs_list.length === 1 ? helpers.llcs_list[0]! : '');
  const [account, setAccount] = useState('');
  const [read, setRead] = useState<{ reply: PreviewReply; file: File } | null>(null);
  const [mapping, setMapping] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const accounts = useEndpointQuery(endpoints.llcBankAccounts, { llc_name: llc }, { enabled: llc !== '', meta: logFailure });

  const choose = (next: string) => {
    setLlc(next);
    setAccount('');
    setRead(null);
    setShown(null);
    setDone(null);
  };
  const onRead = (reply: PreviewReply, file: File) => {
    const { message, ...answer } = reply;
    setRead({ reply, file });
    setDone(message);
    setMapping(answer.import_id === null);
    if (answer.import_id !== null) {
      // The upload answered the import whole: no need to ask for it again.
      client.setQueryData(queryKeyOf(endpoints.bankImport, { import_id: answer.import_id }), answer);
      setShown(answer.import_id);
    }
    void client.invalidateQueries({ queryKey: [endpoints.bankImports.path] });
    void client.invalidateQueries({ queryKey: [endpoints.llcBankAccounts.path] });
  };
  const csv = read?.reply.csv ?? null;
  const mappable = read !== null && csv !== null && read.reply.import_id === shown;

  return (
    <div className="d-grid gap-4 report-stack">
      <div className="row g-3 align-items-end">
        <div className="col-12 col-sm-6 col-lg-4">
          <NameSelect id="bank-import-llc" label="LLC" placeholder="Select an LLC" options={helpers.llcs_list} value={llc} onChange={choose} />
        </div>
        <div className="col-12 col-sm-6 col-lg-4">
          <NameSelect id="bank-import-account" label="Bank account (optional)" placeholder="No account named" disabled={!llc}
            options={accounts.data?.accounts.map((a) => a.name) ?? []} value={account} onChange={(v) => { setAccount(v); setDone(null); }} />
        </div>
      </div>
      {!llc && <p className="report-muted mb-0">Choose an LLC.</p>}
      {llc && (
        <>
          <section aria-labelledby="bank-upload-title">
            <h3 id="bank-upload-title" className="admin-subtitle mb-2">Upload a statement</h3>
            <StatementUpload llc={llc} account={account} onRead={onRead} />
          </section>
          {done && <div className={`alert ${read?.reply.import_id === null ? 'alert-info' : 'alert-success'} py-2 mb-0`} role="status">{done}</div>}
          {read && csv && (mapping || read.reply.import_id === null) ? (
            <CsvMappingForm llc={llc} account={account} file={read.file} csv={csv} onRead={onRead}
              onCancel={read.reply.import_id === null ? undefined : () => setMapping(false)} />
          ) : mappable && (
            <div>
              <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setMapping(true)}>Change column mapping</button>
            </div>
          )}
          {shown !== null && !(mapping && mappable) && (
            <ShownImport key={shown} id={shown} props={props} onRecorded={(m) => setDone(m)} />
          )}
          <ImportsList llc={llc} shown={shown} onOpen={(id) => { setDone(null); setMapping(false); setShown(id); }} onUndone={setDone} />
          {accounts.error ? <ReportFailure what="The bank accounts" error={accounts.error} /> : !accounts.data ? <ReportLoading /> : (
            <BankAccountsCard llc={llc} accounts={accounts.data.accounts} properties={helpers.properties} />
          )}
          <RulesCard llc={llc} helpers={helpers} />
        </>
      )}
    </div>
  );
}
