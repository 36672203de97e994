import { Headset } from 'lucide-react';
import type { CustomerServiceEntry } from '../lib/api/system-types';
import { openCustomerService } from '../lib/customer-service';

/**
 * The header's customer-service channels, each opening its popup. Loaded apart from the header, so
 * that the home page's first load does not carry the opening code; the list shows only for a
 * merchant that has channels.
 */
export function CustomerServiceList({ entries }: { entries: readonly CustomerServiceEntry[] }) {
  return (
    <ul className="flex flex-col gap-1">
      {entries.map((entry) => (
        <li key={entry.id}>
          <button
            type="button"
            onClick={() => openCustomerService(entry)}
            className="flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-left text-sm text-text hover:bg-raised"
          >
            <Headset size={16} aria-hidden="true" className="text-brand-strong" />
            {entry.title}
          </button>
        </li>
      ))}
    </ul>
  );
}
