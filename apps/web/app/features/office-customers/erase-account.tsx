import { CODE_OK } from '@shop/contracts';
import { CustomerMessages, CustomerPaths, customerPath } from '@shop/contracts/customer-rules';
import { type FormEvent, useState } from 'react';
import { ActionDialog } from '../../components/office/action-dialog';
import { type Answer, failed, refusalText } from '../../components/office/answers';
import { type Outcome, OutcomeLine } from '../../components/office/form-frame';
import { TextArea } from '../../components/office/text-area';
import { Button } from '../../components/ui/button';
import { staffApi } from '../chat-console';

/** Erases the account on the shopper's request (customers.erase), after a confirmation with a reason. */
export function EraseAccount({ userId, email, onErased }: { userId: number; email: string; onErased: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim();
    setOutcome(null);
    if (reason === '') return setError(CustomerMessages.reasonEmpty);
    setError(undefined);
    setBusy(true);
    const answer: Answer = await staffApi
      .post(customerPath(CustomerPaths.erase, userId), { reason }, { silent: true })
      .catch(failed);
    setBusy(false);
    if (answer.code === CODE_OK) {
      setOpen(false);
      onErased();
    } else {
      setOutcome({ ok: false, text: refusalText(answer) });
    }
  };

  return (
    <ActionDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setOutcome(null);
        setError(undefined);
      }}
      trigger={<Button variant="secondary">Erase the account</Button>}
      title="Erase the account"
      description={
        <>
          The account of <span className="break-all">{email}</span> is erased for good: names, addresses, notes and sign-in go;
          orders and returns stay for the books without them. The shopper receives the last e-mail and is signed out.
        </>
      }
      busy={busy}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
        <TextArea label="Reason (the shopper's request)" name="reason" defaultValue="" maxLength={500} rows={3} error={error} />
        <OutcomeLine outcome={outcome} />
        <Button type="submit" busy={busy}>
          Erase for good
        </Button>
      </form>
    </ActionDialog>
  );
}
