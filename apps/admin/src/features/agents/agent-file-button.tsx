import { Download } from 'lucide-react';
import { ErrorState } from '../../components/query-state.tsx';
import { BackOfficeError } from '../../lib/back-office-api.ts';
import { type AgentFile, useAgentFileDownload } from './agent-reports-api.ts';

/** Why a file was refused, in words an operator can act on. */
export function fileErrorText(error: unknown): string | null {
  if (!(error instanceof BackOfficeError) || error.code !== 'LIMIT_REACHED') return null;
  const { max, total } = (error.value ?? {}) as { max?: number; total?: number };
  return `The file would hold ${total?.toLocaleString('en') ?? 'more'} rows, more than the ${max?.toLocaleString('en') ?? ''} a file may hold. Choose fewer days, a search or one member.`;
}

/**
 * A CSV download of an agent report, the agent's tree or the agents list (UTF-8 for Excel; the
 * server audits every download), with its refusal under it.
 */
export function AgentFileButton(props: { file: AgentFile; isDisabled?: boolean; label?: string }) {
  const download = useAgentFileDownload();
  const limitText = fileErrorText(download.error);
  return (
    <>
      <button
        className="button button--quiet"
        type="button"
        disabled={props.isDisabled || download.isPending}
        onClick={() => download.mutate(props.file)}
      >
        <Download size={16} aria-hidden="true" />
        {download.isPending ? 'Preparing the file…' : (props.label ?? 'CSV')}
      </button>
      {download.isError &&
        (limitText ? (
          <span className="field__error small" role="alert">
            {limitText}
          </span>
        ) : (
          <ErrorState error={download.error} onRetry={() => download.mutate(props.file)} />
        ))}
    </>
  );
}
