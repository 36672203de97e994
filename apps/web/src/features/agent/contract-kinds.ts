/**
 * The four kinds of agent contract (docs/contracts.md) and, for each, the agent centre page that
 * shows it (spec §2), the merchant's switch that turns it on (spec §6) and the consolidated-info
 * flag that says whether this agent may hold it (spec §3).
 */
export const CONTRACT_KINDS = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** The consolidated-info flags of spec §3, one per kind (GET /wps/member/info/funds/consolidated). */
export type ContractFlag = 'divtypereq' | 'dailysalreqtype' | 'contracthoursalreq' | 'realtimesalreqtype';

/**
 * Each kind's page, switch and flag, and its period: a salary's is the kind's own (daily `D`,
 * hourly `h`, real-time `5m`); a dividend's is chosen per contract (null here).
 */
export const contractKinds = {
  dividend: { page: 'agentDividendRecordCopy2', switchId: 'BONUS', flag: 'divtypereq', period: null },
  daily: { page: 'agentDailyWages2', switchId: 'DAILYSALARY', flag: 'dailysalreqtype', period: 'D' },
  hourly: { page: 'agentHourSalary', switchId: 'HOURLYSALARY', flag: 'contracthoursalreq', period: 'h' },
  realtime: {
    page: 'agentRealtimeSalary',
    switchId: 'REALTIMESALARY',
    flag: 'realtimesalreqtype',
    period: '5m',
  },
} as const satisfies Record<
  ContractKind,
  { page: string; switchId: string; flag: ContractFlag; period: string | null }
>;

export type ContractPage = (typeof contractKinds)[ContractKind]['page'];

export function isContractKind(value: string): value is ContractKind {
  return (CONTRACT_KINDS as readonly string[]).includes(value);
}
