import { Type } from 'typebox';
import {
  APP_ICON_PATH,
  APP_ICON_SLOTS,
  type AppIconName,
  buildAppManifest,
  renderHouseIcons,
} from '../../modules/content/app-manifest.ts';
import type { ContentService } from '../../modules/content/content.service.ts';
import { AppError } from '../../platform/errors/errors.ts';
import type { TypedApp } from '../../platform/http/typed.ts';
import { requireMerchantReader } from '../merchant-context.ts';
import { LanguageQuery, MerchantQuery } from '../wps/system/system-schemas.ts';

// The manifest follows the merchant's name and icons: browsers read it again now and then, and an
// operator's change should reach the next read within the hour.
const MANIFEST_CACHE_CONTROL = 'public, max-age=3600';
const ICON_CACHE_CONTROL = 'public, max-age=86400';

function isIconName(name: string): name is AppIconName {
  return APP_ICON_SLOTS.some((slot) => slot.name === name);
}

/**
 * GET /manifest.webmanifest: the request's merchant's web app manifest (modules/content/app-manifest.ts);
 * GET /app-icons/{name}: the house icons it names for the slots the merchant left empty.
 */
export async function registerAppManifestRoutes(
  app: TypedApp,
  deps: { contentService: Pick<ContentService, 'listResources'> },
): Promise<void> {
  const houseIcons = await renderHouseIcons();

  app.get(
    '/manifest.webmanifest',
    {
      schema: {
        tags: ['system'],
        summary: "The merchant's web app manifest (the installable lite app)",
        querystring: Type.Object({ ...MerchantQuery, ...LanguageQuery }),
        response: { 404: { $ref: 'ErrorEnvelope#' } },
      },
    },
    async (request, reply) => {
      const { merchant, reader } = requireMerchantReader(request);
      const resources = await deps.contentService.listResources(merchant.id, reader);
      const manifest = buildAppManifest({
        siteName: merchant.settings.siteName || merchant.name,
        language: reader.language,
        resources,
      });
      return reply
        .header('Content-Type', 'application/manifest+json; charset=utf-8')
        .header('Cache-Control', MANIFEST_CACHE_CONTROL)
        .header('X-Content-Type-Options', 'nosniff')
        .send(JSON.stringify(manifest));
    },
  );

  app.get(
    `${APP_ICON_PATH}/:name`,
    {
      schema: {
        tags: ['system'],
        summary: 'The house icons of the lite app (PNG)',
        params: Type.Object({ name: Type.String({ maxLength: 40 }) }),
        response: { 404: { $ref: 'ErrorEnvelope#' } },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const icon = isIconName(name) ? houseIcons.get(name) : undefined;
      if (!icon) throw new AppError('NOT_FOUND');
      return reply
        .header('Content-Type', 'image/png')
        .header('Cache-Control', ICON_CACHE_CONTROL)
        .header('X-Content-Type-Options', 'nosniff')
        .send(icon);
    },
  );
}
