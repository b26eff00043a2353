import { useState } from 'react';
import { flushSync } from 'react-dom';
import { endpoints } from '../../../../contract/endpoints';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorText } from '../../../lib/api-client';
import { useEndpointMutation } from '../../../lib/queries';
import { NameActionForm } from './name-action-form';

/**
 * Delete Portal User (docs/product.md "Screens"): choose an investor's login, confirm, and it is gone: its
 * sessions end at once, the investor and their money stay. Without a choice nothing is sent. The server's
 * success message is the spec's alert ('Portal user deleted successfully'); a refusal shows beside the form.
 */
const CHOOSE_FIRST = 'Please select a portal user.';
const WHAT_IT_DOES =
  'The login stops working at once and its open sessions end. The investor and their money stay; a new secret lets them register again.';

export function DeletePortalUser({ users }: { users: readonly string[] }) {
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useEndpointMutation(endpoints.deletePortalUser);

  const choose = (value: string) => {
    setName(value);
    setError(null);
  };

  const confirm = async () => {
    try {
      const { message } = await remove.mutateAsync({ body: { investor_name: name } });
      // The dialog closes before the alert, so focus goes back to the form behind it.
      flushSync(() => {
        setConfirming(false);
        setName('');
      });
      window.alert(message);
    } catch (err) {
      const message = errorText(err);
      console.error(message);
      flushSync(() => setConfirming(false));
      setError(message);
    }
  };

  return (
    <>
      <NameActionForm id="delete-portal-user" label="Portal user" placeholder="Select a portal user" options={users} value={name}
        onChange={choose} onSubmit={() => setConfirming(true)} missing={CHOOSE_FIRST} onError={setError}
        submitLabel="Delete portal user" submitClass="btn-outline-danger" busy={remove.isPending} hint={WHAT_IT_DOES} error={error} />
      {/* Outside the form: the dialog has a form of its own. */}
      <ConfirmDialog open={confirming} title="Delete portal user"
        message={`Are you sure you want to delete the portal user of ${name}?`} confirmLabel="Delete" danger
        busy={remove.isPending} onConfirm={() => void confirm()} onCancel={() => setConfirming(false)} />
    </>
  );
}
