import { BackOfficeError } from './back-office-api.ts';
import { announceSessionEnded, readSessionToken } from './session.ts';

/** A file the server builds (a CSV export) may take longer than an ordinary call. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/** The file name of a Content-Disposition header, if it has one. */
export function fileNameOf(disposition: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? null;
}

/** A query string of the filled-in values only. */
function queryOf(values: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * Fetches a file a /bo route answers (a CSV export) with the operator's token: its content and the
 * server's file name. A refusal (the route answers an envelope) throws a BackOfficeError with the
 * server's code and message, as the typed calls do.
 */
export async function fetchFile(
  path: string,
  query: Record<string, string | number | undefined> = {},
): Promise<{ blob: Blob; name: string | null }> {
  const token = readSessionToken();
  let response: Response;
  try {
    response = await fetch(`${path}${queryOf(query)}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
      signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
    });
  } catch {
    throw new BackOfficeError('UNREACHABLE', 'The server could not be reached. Try again.');
  }
  if (!response.ok || (response.headers.get('Content-Type') ?? '').includes('json')) {
    const body = (await response.json().catch(() => null)) as {
      code?: string;
      message?: string;
      value?: unknown;
    } | null;
    if (body?.code === 'NOT_LOGGED_IN') announceSessionEnded();
    throw new BackOfficeError(
      body?.code ?? 'UNREACHABLE',
      body?.message ?? `The server answered ${response.status} without the file.`,
      body?.value,
    );
  }
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('Content-Disposition')) };
}

/** Fetches a file (fetchFile) and hands it to the browser to save under the server's file name. */
export async function downloadFile(
  path: string,
  query: Record<string, string | number | undefined> = {},
): Promise<void> {
  const file = await fetchFile(path, query);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file.blob);
  link.download = file.name ?? 'export.csv';
  link.click();
  URL.revokeObjectURL(link.href);
}
