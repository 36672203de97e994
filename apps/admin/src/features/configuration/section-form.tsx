import type { MerchantConfig, SectionChange } from './configuration-api.ts';

/** What every section's form of the configuration page is given. */
export type SectionProps = {
  config: MerchantConfig;
  canWrite: boolean;
  isSaving: boolean;
  /** The server's messages by field of the last save that was refused (VALIDATION). */
  fieldErrors: Record<string, string>;
  onSave: (change: SectionChange, title: string) => void;
};

/** A section's Save, or why there is none for an operator who may only read. */
export function SaveButton({ canWrite, isSaving }: { canWrite: boolean; isSaving: boolean }) {
  if (!canWrite) return <p className="muted small">Read only: your role may not change the configuration.</p>;
  return (
    <div className="form-grid__actions">
      <button className="button button--primary" type="submit" disabled={isSaving}>
        {isSaving ? 'Saving…' : 'Save'}
      </button>
    </div>
  );
}
