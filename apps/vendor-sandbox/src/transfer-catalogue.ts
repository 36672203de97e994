import type { SandboxVendorProfile } from './catalogue.ts';

/**
 * The sandbox's transfer-wallet vendor: it keeps each player's money in its own wallet (in
 * memory), filled and emptied by the platform's signed transfer calls (transfer-vendor.ts), and
 * its games take their stakes from that wallet rather than from the platform's.
 */
export const DIWATA_PROFILE: SandboxVendorProfile = {
  code: 'DIWATA',
  name: 'Diwata Games',
  slug: 'diwata',
  walletMode: 'transfer',
  games: [
    {
      gameCode: 'diwata-hi-lo',
      names: { EN: 'Diwata Hi-Lo', TY: 'Diwata Taas-Baba' },
      gameType: 'RNG',
      kind: 'hilo',
      colours: ['#22d3ee', '#164e63'],
    },
    {
      gameCode: 'diwata-coin-flip',
      names: { EN: 'Diwata Coin Flip', TY: 'Diwata Hagis-Barya' },
      gameType: 'RNG',
      kind: 'coin',
      colours: ['#f472b6', '#500724'],
    },
  ],
};
