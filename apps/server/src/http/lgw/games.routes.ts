import { Type } from 'typebox';
import type { CatalogueService } from '../../modules/catalogue/catalogue.service.ts';
import { Envelope, ok } from '../../platform/http/envelope.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { requireMerchant } from '../merchant-context.ts';
import { ERROR_RESPONSES } from '../wps/system/system-schemas.ts';
import { MerchantLanguageQuery } from '../wps/wps-schemas.ts';

/** Game menus (spec §7 GET /lgw/games/game_menus): the categories that have vendors, in menu order. */
export function registerGameMenuRoutes(app: TypedApp, deps: { catalogue: CatalogueService }): void {
  app.get(
    '/lgw/games/game_menus',
    {
      schema: {
        tags: ['lobby'],
        summary: 'The game categories (gameCategory) that have vendors, each with its vendors',
        querystring: MerchantLanguageQuery,
        response: {
          200: Envelope(
            Type.Object({
              gameMenus: Type.Array(
                Type.Object({
                  gameCategory: Type.String(),
                  vendors: Type.Array(
                    Type.Object({ vassalage: Type.String(), accountTypeName: Type.String() }),
                  ),
                }),
              ),
            }),
          ),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const merchant = requireMerchant(request);
      const lanes = await deps.catalogue.listVendorLanes(merchant.id);
      return ok({ gameMenus: lanes.map((lane) => ({ gameCategory: lane.category, vendors: lane.cards })) });
    },
  );
}
