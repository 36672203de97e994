import sharp from 'sharp';

/**
 * The lite app (spec §1 "app download … with lite app"): the web app manifest a browser reads to
 * install the site, one per merchant, and the house icons it falls back on.
 *
 * Icons: a merchant puts its own PNGs among its resources, one per slot, each at the slot's exact
 * size (`APP_ICON_SMALL` 192 px, `APP_ICON_LARGE` 512 px, `APP_ICON_MASKABLE` 512 px with its artwork inside the
 * centre 80 %). Resizing an operator's logo here would mean fetching it from wherever it is hosted
 * and guessing how a wide wordmark fits a square, so the sizes are asked for instead; a slot left
 * empty gets the house mark, drawn by the server.
 */

export const APP_ICON_SLOTS = [
  { resourceType: 'APP_ICON_SMALL', name: 'icon-192.png', size: 192, purpose: 'any' },
  { resourceType: 'APP_ICON_LARGE', name: 'icon-512.png', size: 512, purpose: 'any' },
  { resourceType: 'APP_ICON_MASKABLE', name: 'icon-maskable-512.png', size: 512, purpose: 'maskable' },
] as const;

export type AppIconName = (typeof APP_ICON_SLOTS)[number]['name'];

/** Where the app starts: the marker tells the site (and its figures) that it runs installed. */
export const APP_START_URL = '/?source=pwa';
/** Where the house icons are served. */
export const APP_ICON_PATH = '/app-icons';

// The dark theme's background (../shared/DESIGN.md tokens): the splash screen and the title bar.
const BACKGROUND_COLOR = '#0f0c1d';
const SHORT_NAME_LENGTH_MAX = 12;

type ResourceLike = { url: string };

export type AppManifest = {
  id: string;
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait';
  background_color: string;
  theme_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }>;
};

/** The icon's type by its address's extension; operators are asked for PNG. */
function imageTypeOf(url: string): string {
  const pathname = url.split(/[?#]/)[0]?.toLowerCase() ?? '';
  if (pathname.endsWith('.webp')) return 'image/webp';
  if (pathname.endsWith('.svg')) return 'image/svg+xml';
  return 'image/png';
}

/** BCP 47 for the manifest's `lang`: the spec's TY is Filipino (../shared/API.md "Values"). */
function bcp47Of(language: string): string {
  return language === 'TY' ? 'fil' : language.toLowerCase();
}

/** The name cut where a home screen has room, at a word's end when one is near. */
function shortNameOf(name: string): string {
  if (name.length <= SHORT_NAME_LENGTH_MAX) return name;
  const cut = name.slice(0, SHORT_NAME_LENGTH_MAX);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace >= 4 ? cut.slice(0, lastSpace) : cut).trim();
}

/** The manifest of one merchant: its site name, its icons (or the house ones) and the house colours. */
export function buildAppManifest(input: {
  siteName: string;
  language: string;
  resources: Readonly<Record<string, readonly ResourceLike[]>>;
}): AppManifest {
  const name = input.siteName.trim();
  return {
    id: '/',
    name,
    short_name: shortNameOf(name),
    lang: bcp47Of(input.language),
    start_url: APP_START_URL,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: BACKGROUND_COLOR,
    theme_color: BACKGROUND_COLOR,
    icons: APP_ICON_SLOTS.map((slot) => {
      const own = input.resources[slot.resourceType]?.[0]?.url;
      return {
        src: own ?? `${APP_ICON_PATH}/${slot.name}`,
        sizes: `${slot.size}x${slot.size}`,
        type: own ? imageTypeOf(own) : 'image/png',
        purpose: slot.purpose,
      };
    }),
  };
}

// The house mark of index.html's boot cover: a violet tile with a gold P, on a 64-unit grid.
const MARK_PATH = 'M22 48V16h13a10 10 0 0 1 0 20h-6v12z';

/**
 * The house icon as SVG. An `any` icon is the rounded tile itself; a maskable one fills the whole
 * square (the launcher cuts its own shape) and keeps the P inside the centre 80 % safe zone.
 */
function houseIconSvg(size: number, purpose: 'any' | 'maskable'): string {
  const tile =
    purpose === 'any'
      ? '<rect width="64" height="64" rx="14" fill="url(#g)"/>'
      : '<rect width="64" height="64" fill="url(#g)"/>';
  const mark =
    purpose === 'any'
      ? `<path d="${MARK_PATH}" fill="#f5c451"/>`
      : `<g transform="translate(32 32) scale(0.7) translate(-32 -32)"><path d="${MARK_PATH}" fill="#f5c451"/></g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9b7dff"/><stop offset="1" stop-color="#5b3de0"/></linearGradient></defs>${tile}${mark}</svg>`;
}

// The house icons never change: drawn once per process, however many apps it builds.
let houseIcons: Promise<ReadonlyMap<AppIconName, Buffer>> | null = null;

/** The house icons as PNG, each at its slot's size, drawn the first time they are asked for. */
export function renderHouseIcons(): Promise<ReadonlyMap<AppIconName, Buffer>> {
  houseIcons ??= drawHouseIcons();
  return houseIcons;
}

async function drawHouseIcons(): Promise<ReadonlyMap<AppIconName, Buffer>> {
  const entries = await Promise.all(
    APP_ICON_SLOTS.map(
      async (slot) =>
        [
          slot.name,
          await sharp(Buffer.from(houseIconSvg(slot.size, slot.purpose)))
            .png()
            .toBuffer(),
        ] as const,
    ),
  );
  return new Map(entries);
}
