import type { ReactNode } from 'react';
import { RecordForm, type FieldName, type FieldSpec, type FormEndpoint, type FormSection, type FormValues } from '../../../components/record-form';
import type { AdminFormProps } from './fields';

type Options = { sections?: readonly FormSection[]; defaults?: FormValues; intro?: ReactNode };

/**
 * An admin panel that is one form over one write of the endpoint table: its id (the prefix of its
 * control ids), its call, its button and its fields (from the helper lists the page passes).
 */
export function adminForm<E extends FormEndpoint>(
  id: string,
  endpoint: E,
  submitLabel: string,
  fields: (props: AdminFormProps) => readonly FieldSpec<FieldName<E>>[],
  options: Options = {},
) {
  function AdminForm(props: AdminFormProps) {
    return <RecordForm id={id} endpoint={endpoint} submitLabel={submitLabel} fields={fields(props)} {...options} />;
  }
  return AdminForm;
}
