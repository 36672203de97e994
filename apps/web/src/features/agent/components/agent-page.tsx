import { Network } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame, Panel } from '../../../components/ui/page-frame';
import { EmptyState } from '../../../components/ui/states';
import { Tabs } from '../../../components/ui/tabs';
import { isSwitchEnabled } from '../../../lib/api/system-queries';
import { usePermission } from '../../../lib/system/system-hooks';

/** Agent centre pages of spec §2 with the switch that shows each; agentTeamOverview is the default (§9). */
const agentPages = [
  { key: 'agentAnnouncement' },
  { key: 'agentTeamOverview' },
  { key: 'registerCenter' },
  { key: 'downlineManagmentView' },
  { key: 'personalHistoryCopy' },
  { key: 'palStatementsAgentCopy' },
  { key: 'agentRevenueReport' },
  { key: 'agentDownlineTransactionDetailsCopy' },
  { key: 'agentDividendRecordCopy2', switchName: 'BONUS' },
  { key: 'agentDailyWages2', switchName: 'DAILYSALARY' },
  { key: 'agentHourSalary', switchName: 'HOURLYSALARY' },
  { key: 'agentRealtimeSalary', switchName: 'REALTIMESALARY' },
] as const;
type AgentPageKey = (typeof agentPages)[number]['key'];

/** The agent view (spec §2: /agent, /agentHome). */
export function AgentPage() {
  const { t } = useTranslation();
  const permission = usePermission();
  const [searchParams, setSearchParams] = useSearchParams();
  const shown = agentPages.filter(
    (page) => !('switchName' in page) || isSwitchEnabled(permission.data?.whitelabel, page.switchName),
  );
  const requested = searchParams.get('page');
  const page: AgentPageKey = shown.find((entry) => entry.key === requested)?.key ?? 'agentTeamOverview';
  return (
    <PageFrame title={t('pages.agentTitle')} icon={Network} testId="agent-page">
      <Tabs
        label={t('pages.agentTitle')}
        variant="chips"
        items={shown.map((entry) => ({ key: entry.key, label: t(`pages.agentPages.${entry.key}`) }))}
        value={page}
        onChange={(key) => setSearchParams({ page: key })}
      />
      <Panel>
        <h2 className="border-b border-line px-4 py-3 text-base font-semibold">
          {t(`pages.agentPages.${page}`)}
        </h2>
        <EmptyState line={t('pages.agentLine')} />
      </Panel>
    </PageFrame>
  );
}
