import { useTranslation } from 'react-i18next';
import { DATE_PRESETS, type DatePreset } from '../../lib/date-presets';
import { Tabs } from './tabs';

/** The records pages' date presets as chips (DESIGN.md "Lists and records"; spec §9). */
export function DatePresetChips({
  value,
  onChange,
}: {
  value: DatePreset;
  onChange: (preset: DatePreset) => void;
}) {
  const { t } = useTranslation();
  return (
    <Tabs
      label={t('statements.period')}
      variant="chips"
      items={DATE_PRESETS.map((preset) => ({ key: preset, label: t(`statements.presets.${preset}`) }))}
      value={value}
      onChange={onChange}
    />
  );
}
