import { createContext, Fragment, type ReactNode, useContext } from 'react';

/** The player a panel is drawn for, as the player page knows them. */
export type PanelPlayer = { id: string; account: string; merchantId: string };

/** A panel another area adds to the player page (its points, say), drawn for one player. */
export type PlayerPanel = { id: string; render: (player: PanelPlayer) => ReactNode };

const PlayerPanelsContext = createContext<readonly PlayerPanel[]>([]);

/**
 * The panels the player page shows beside its own, chosen by the shell for the operator's
 * permissions: features never import each other, so the page draws what it is given here.
 */
export function PlayerPanelsProvider(props: { panels: readonly PlayerPanel[]; children: ReactNode }) {
  return <PlayerPanelsContext.Provider value={props.panels}>{props.children}</PlayerPanelsContext.Provider>;
}

/** Where the player page draws the panels it was given, for this player. */
export function PlayerPanels({ player }: { player: PanelPlayer }) {
  const panels = useContext(PlayerPanelsContext);
  return panels.map((panel) => <Fragment key={panel.id}>{panel.render(player)}</Fragment>);
}
