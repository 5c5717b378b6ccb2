import { staffApi, staffToken } from '../chat-console';

/**
 * Downloads a staff export as a file (the staff token goes in a header, so a plain link cannot);
 * an expired token is renewed once and the call repeated. The file is named as the server names it.
 */
export async function downloadStaffFile(path: string, fallbackName: string): Promise<void> {
  const fetchIt = () => {
    const token = staffToken();
    return fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  };
  let response = await fetchIt();
  if (response.status === 409 && (await staffApi.refresh())) response = await fetchIt();
  if (!response.ok) throw new Error('The export could not be made');
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
