import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { SearchField } from '../../../components/ui/search-field';
import { joinClassNames } from '../../../lib/class-names';

/**
 * A search of the team by a whole account name (agents see names masked, so the server matches
 * whole names only): the box and its button; submitting hands the trimmed name to `onSearch`.
 */
export function AccountSearchForm({
  value,
  onValueChange,
  onSearch,
  testId,
  className,
}: {
  value: string;
  onValueChange: (value: string) => void;
  onSearch: (account: string) => void;
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(value.trim());
  }
  return (
    <form onSubmit={submit} className={joinClassNames('flex gap-2', className)}>
      <SearchField
        label={t('agent.downlines.search')}
        value={value}
        onValueChange={onValueChange}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded-md border border-line bg-surface px-3 md:w-64"
        testId={testId}
      />
      <Button type="submit" variant="secondary">
        {t('agent.downlines.searchButton')}
      </Button>
    </form>
  );
}
