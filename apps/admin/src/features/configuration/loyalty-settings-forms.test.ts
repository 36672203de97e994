import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { MerchantConfig } from './configuration-api.ts';
import { PointsSettingsForm, RebateSettingsForm, VipSettingsForm } from './loyalty-settings-forms.tsx';

/** The sections these forms read; the rest of a merchant's configuration plays no part in them. */
function configWith(whitelabelOn: boolean): MerchantConfig {
  const sections = {
    whitelabel: [
      {
        modId: 'BONUS',
        enabled: true,
        children: [{ modId: 'MANPLAYREB3', enabled: whitelabelOn, children: [] }],
      },
    ],
    promotions: { maxMultiplier: 10, budgetPerDay: null },
    vip: { windowDays: 90, reviewDay: 1, giftMultiplier: 1, giftExpiryDays: 7 },
    rebate: {
      basis: 'theoreticalLoss',
      rates: { LIVE: '0.50' },
      houseEdges: { RNG: '4.00' },
      multiplier: 1,
      expiryDays: 7,
      claimIntervalMinutes: 60,
      minimumAmount: '1.00',
    },
    points: {
      earn: { slots: { per: '100.00', points: 1 } },
      deposit: null,
      exchange: [{ from: 100, amount: '1.00' }],
      convertMultiplier: 1,
      convertExpiryDays: 7,
      minConvertPoints: 100,
    },
  };
  return sections as unknown as MerchantConfig;
}

function textOf(element: ReactElement): string {
  return renderToString(element)
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');
}

const common = (canWrite: boolean, whitelabelOn = false) => ({
  config: configWith(whitelabelOn),
  canWrite,
  isSaving: false,
  fieldErrors: { 'rates.LIVE': 'Rate too high' },
  onSave: () => undefined,
});

describe('the loyalty settings', () => {
  it('shows the VIP section with its bounds, and no Save for an operator who may only read', () => {
    const text = textOf(createElement(VipSettingsForm, common(false)));
    expect(text).toContain('Window (days)');
    expect(text).toContain("the merchant's highest (10×, in Promotions)");
    expect(text).toContain('Read only');
  });

  it("shows rebates' rates and house edges as a table, the server's message beside its field, and whether manual mode is on", () => {
    const off = textOf(
      createElement(RebateSettingsForm, { ...common(true), onOpenSwitches: () => undefined }),
    );
    expect(off).toContain('Theoretical loss');
    expect(off).toContain('stops members farming rebates');
    expect(off).toContain('Rate too high');
    expect(off).toMatch(/Manual mode is off/);
    expect(off).toContain('MANPLAYREB3');
    const on = textOf(
      createElement(RebateSettingsForm, { ...common(true, true), onOpenSwitches: () => undefined }),
    );
    expect(on).toMatch(/Manual mode is on/);
  });

  it("shows points' earning per type and deposit and the exchange-rate rows", () => {
    const text = textOf(createElement(PointsSettingsForm, common(true)));
    expect(text).toContain('Valid bet: Slots, fishing and in-house games');
    expect(text).toContain('Each deposit');
    expect(text).toContain('Add a row');
    expect(text).toContain('Save');
  });
});
