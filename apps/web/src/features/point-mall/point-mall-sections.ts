// The points mall's sections (spec §2 "Points mall": current points, redeem, redeem history, points
// details and rules, exchange-rate table). On a phone each is a tab under the current points; on a
// desktop the rewards and the member's records are tabs of the main column, and the points, the
// rate table and the rules stand in a side column beside them.

export const POINT_MALL_SECTIONS = ['redeem', 'convert', 'history', 'details', 'rules'] as const;
export type PointMallSection = (typeof POINT_MALL_SECTIONS)[number];

/** The member's own records, which a visitor has none of. */
const MEMBER_SECTIONS: readonly PointMallSection[] = ['history', 'details'];
/** What the desktop's side column shows beside the tabs. */
const SIDE_COLUMN_SECTIONS: readonly PointMallSection[] = ['convert', 'rules'];

/** The tabs offered, in their order. */
export function tabsOf(input: { isMember: boolean; isDesktop: boolean }): PointMallSection[] {
  return POINT_MALL_SECTIONS.filter(
    (section) =>
      (input.isMember || !MEMBER_SECTIONS.includes(section)) &&
      !(input.isDesktop && SIDE_COLUMN_SECTIONS.includes(section)),
  );
}

/** The tab to show: the one the address asks for when it is offered, else the rewards. */
export function shownTab(requested: string | null, tabs: readonly PointMallSection[]): PointMallSection {
  return tabs.find((tab) => tab === requested) ?? 'redeem';
}
