/**
 * The sandbox's transfer-wallet vendor: it keeps each player's money in its own wallet (in
 * memory), filled and emptied by the platform's signed transfer calls (transfer-vendor.ts), and
 * its games take their stakes from that wallet rather than from the platform's. Registered in
 * catalogue.ts's VENDOR_PROFILES, which checks its shape (this file imports nothing, so that the
 * two do not import each other).
 */
export const DIWATA_PROFILE = {
  code: 'DIWATA',
  name: 'Diwata Games',
  slug: 'diwata',
  walletMode: 'transfer' as const,
  games: [
    {
      gameCode: 'diwata-hi-lo',
      names: { EN: 'Diwata Hi-Lo', TY: 'Diwata Taas-Baba' },
      gameType: 'RNG' as const,
      kind: 'hilo' as const,
      colours: ['#22d3ee', '#164e63'] as [string, string],
    },
    {
      gameCode: 'diwata-coin-flip',
      names: { EN: 'Diwata Coin Flip', TY: 'Diwata Hagis-Barya' },
      gameType: 'RNG' as const,
      kind: 'coin' as const,
      colours: ['#f472b6', '#500724'] as [string, string],
    },
  ],
};
