import { useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api/api-client';
import { useLanguage } from '../../../lib/i18n/i18n';

/**
 * The country-code picker of DESIGN.md forms: the chosen country's flag (served by our own server under
 * COUNTRY_FLAG) and code, over a native select so that a phone shows its own list.
 */
export function DialingCodePicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (dialingCode: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const countries = useQuery({
    queryKey: ['countries', language],
    queryFn: ({ signal }) =>
      api.get('/wps/system/countries', { params: { query: { language } }, signal }).then((page) => page.list),
    staleTime: 60 * 60_000,
  });
  const list = countries.data ?? [];
  // Several countries share a code (+1, +7); the first one listed stands for it, the Philippines for +63.
  const chosen =
    list.find((country) => country.countryDialingCode === value && country.countryCode === 'PH') ??
    list.find((country) => country.countryDialingCode === value);
  return (
    <span className="relative -ml-1 inline-flex h-9 shrink-0 items-center gap-1.5 rounded-sm border-r border-line pr-2 pl-1">
      {chosen ? (
        <img
          src={`/COUNTRY_FLAG/${chosen.countryCode}`}
          alt=""
          className="h-3.5 w-5 rounded-[2px] object-cover"
        />
      ) : null}
      <span className="text-sm font-semibold text-text tabular">{value}</span>
      <ChevronDown size={14} aria-hidden="true" className="text-muted" />
      <select
        aria-label={t('auth.countryCode')}
        value={chosen ? `${chosen.countryCode}:${chosen.countryDialingCode}` : ''}
        onChange={(event) => onChange(event.target.value.split(':')[1] ?? value)}
        className="absolute inset-0 cursor-pointer opacity-0"
        disabled={list.length === 0}
      >
        {chosen ? null : <option value="">{value}</option>}
        {list.map((country) => (
          <option key={country.countryCode} value={`${country.countryCode}:${country.countryDialingCode}`}>
            {country.name} ({country.countryDialingCode})
          </option>
        ))}
      </select>
    </span>
  );
}
