import { Type } from 'typebox';
import type { ImportLag } from '../modules/report/import-status.service.ts';
import { Nullable } from './wps/system/system-schemas.ts';

// The `importing` field of the answers that read the bet record (betting records, team figures,
// the back office's game and money reports): the transfer-wallet vendors whose bets may not all
// be imported yet (modules/report/import-status.service.ts), so that the page can say so.

const ImportingFields = {
  /** The vendor's code (vassalage). */
  vendor: Type.String(),
  vendorName: Type.String(),
  /** Every bet the vendor changed before this is counted; null when its feed was never read to its end. */
  lastImportedAt: Nullable(Type.String({ format: 'date-time' })),
};

/** Transfer vendors whose figures may be incomplete: an empty list when every bet is in. */
export const ImportingVendors = Type.Array(Type.Object(ImportingFields));

/** The same for the back office, which may cover several merchants: each vendor's merchant beside it. */
export const MerchantImportingVendors = Type.Array(
  Type.Object({ merchantId: Type.String(), merchantCode: Type.String(), ...ImportingFields }),
);

const importingItem = (lag: ImportLag) => ({
  vendor: lag.vendor,
  vendorName: lag.vendorName,
  lastImportedAt: lag.lastImportedAt?.toISOString() ?? null,
});

export function importingOut(lags: readonly ImportLag[]) {
  return lags.map(importingItem);
}

export function merchantImportingOut(lags: readonly ImportLag[]) {
  return lags.map((lag) => ({
    merchantId: lag.merchantId,
    merchantCode: lag.merchantCode,
    ...importingItem(lag),
  }));
}
