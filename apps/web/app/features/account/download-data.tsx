import { CODE_OK } from '@shop/contracts';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { api, saveFile } from '../../lib/api';

const EXPORT_PATH = '/shop/user/export';

/**
 * "Download my data": everything the shop holds about the shopper as one JSON file. The file is an
 * attachment, not an API envelope: the API client fetches it with the shopper's session (an expired
 * token renewed, a dead session ended, failures said) and the browser saves it.
 */
export function DownloadMyData({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      // no timeout: the server gathers the file while the call waits
      const answer = await api.file(EXPORT_PATH, { noTimeout: true });
      if (answer.code === CODE_OK && answer.result) saveFile(answer.result.blob, answer.result.name ?? 'my-data.json');
    } catch {
      // the client has said what went wrong
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="secondary" busy={busy} onClick={() => void download()} className={className}>
      Download my data
    </Button>
  );
}
