import { Messages } from '@shop/contracts';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { LocalKeys, local } from '../../lib/storage';
import { notify } from '../../lib/toast';

const EXPORT_PATH = '/shop/user/export';

/** The file name the server gave in its content-disposition, or a plain one. */
const fileNameOf = (disposition: string | null) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'my-data.json';

/**
 * "Download my data": everything the shop holds about the shopper as one JSON file. The file is an
 * attachment, not an API envelope, so it is fetched with the shopper's token and handed to the
 * browser as a download.
 */
export function DownloadMyData({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);

  const download = async () => {
    const token = local.get(LocalKeys.userToken);
    if (!token) {
      notify.error(Messages.loginInvalid);
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(EXPORT_PATH, { headers: { 'user-token': token } });
      if (!response.ok) {
        notify.error(response.status === 401 ? Messages.loginInvalid : Messages.serverException);
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response.headers.get('content-disposition'));
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      notify.error(navigator.onLine ? Messages.serverException : Messages.offline);
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
