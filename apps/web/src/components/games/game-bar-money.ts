import { type ComponentType, createContext } from 'react';

/**
 * The member's balance and deposit button, handed down by the shell (app/) to a game page's bar:
 * on a phone that bar stands in for the site's header, and a game page cannot reach the wallet's
 * feature itself. Kept apart from the bar so that the shell's first load does not carry the bar.
 */
export const GameBarMoneyContext = createContext<ComponentType | null>(null);
