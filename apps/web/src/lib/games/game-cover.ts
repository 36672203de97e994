/**
 * The cover the site draws for a game that brings no art of its own (DESIGN.md "Imagery"): its
 * name and its vendor's name on a gradient of the house's depth, in a hue of its own, with one of
 * a few motifs, framed in gold as our own games' icons are. The hue and motif follow from a key,
 * so a game keeps its cover from visit to visit. It is an SVG image, like any game's art: the text
 * drawn in it is part of the picture, and the tile names the game once more in words under it.
 */
export type CoverMotif = 'rays' | 'rings' | 'diamonds';

export type CoverStyle = {
  /** The gradient's light and deep ends, as CSS colours. */
  light: string;
  deep: string;
  motif: CoverMotif;
};

/**
 * Hues that sit well beside the house's violet-navy and gold (DESIGN.md tokens): violet, indigo,
 * teal, green, amber, coral, crimson and magenta, spaced so neighbouring tiles are told apart.
 */
const coverHues = [262, 228, 188, 152, 36, 14, 350, 312] as const;
const coverMotifs: readonly CoverMotif[] = ['rays', 'rings', 'diamonds'];

/** FNV-1a over the key's UTF-16 units: small, stable and well spread for short names. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The colours and motif of the game with this key (its node id: the same in every language). */
export function coverStyleOf(key: string): CoverStyle {
  const hash = hashOf(key.trim().toLowerCase());
  const hue = coverHues[hash % coverHues.length] ?? coverHues[0];
  const motif = coverMotifs[Math.floor(hash / coverHues.length) % coverMotifs.length] ?? 'rays';
  return { light: `hsl(${hue}, 62%, 46%)`, deep: `hsl(${hue}, 58%, 14%)`, motif };
}

/**
 * Breaks a text into at most `linesMax` lines of at most `lineLength` characters, between words
 * only; a word longer than a line gets a line of its own. Null when the text does not fit.
 */
export function wrapWords(text: string, lineLength: number, linesMax: number): string[] | null {
  const lines: string[] = [];
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= lineLength)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const fits = lines.length <= linesMax && lines.every((line) => line.length <= lineLength);
  return fits ? lines : null;
}

/** The drawing's size, its margin, and the width of a bold letter in ems (for the line lengths). */
const coverSize = 240;
const coverMargin = 24;
const boldLetterEm = 0.6;
const titleSizes = [34, 30, 26, 22, 19] as const;
const titleLinesMax = 3;
const vendorSize = 14;
const fontFamily = "'Inter Variable','Inter','Segoe UI',Roboto,Arial,sans-serif";

function lineLengthAt(fontSize: number): number {
  return Math.floor((coverSize - 2 * coverMargin) / (fontSize * boldLetterEm));
}

/** The title at the largest size it fits at; at the smallest, its first lines with an ellipsis. */
function fitTitle(title: string): { lines: string[]; fontSize: number } {
  for (const fontSize of titleSizes) {
    const lines = wrapWords(title, lineLengthAt(fontSize), titleLinesMax);
    if (lines) return { lines, fontSize };
  }
  const fontSize = titleSizes[titleSizes.length - 1] ?? 19;
  const lineLength = lineLengthAt(fontSize);
  const lines = wrapWords(title, lineLength, Number.POSITIVE_INFINITY) ?? [];
  const shown = lines.slice(0, titleLinesMax).map((line) => line.slice(0, lineLength));
  const last = shown.length - 1;
  shown[last] = `${(shown[last] ?? '').slice(0, lineLength - 1)}…`;
  return { lines: shown, fontSize };
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A point 400 units from the top right corner, at an angle (90 is straight down, 180 left). */
function rayPoint(degrees: number): string {
  const radians = (degrees * Math.PI) / 180;
  return `${(240 + 400 * Math.cos(radians)).toFixed(1)} ${(400 * Math.sin(radians)).toFixed(1)}`;
}

const motifShapes: Record<CoverMotif, string> = {
  rays: Array.from(
    { length: 9 },
    (_, index) => `<path d="M240 0L${rayPoint(95 + index * 10)}L${rayPoint(100 + index * 10)}Z"/>`,
  ).join(''),
  rings: [36, 62, 88, 114, 140]
    .map((radius) => `<circle cx="178" cy="70" r="${radius}" fill="none" stroke="#fff" stroke-width="7"/>`)
    .join(''),
  diamonds: Array.from({ length: 5 }, (_, row) =>
    Array.from(
      { length: 5 },
      (_, column) => `<path d="M${column * 56 + (row % 2) * 28} ${row * 48 - 20} l14 18 l-14 18 l-14 -18Z"/>`,
    ).join(''),
  ).join(''),
};

/**
 * The cover of a game as an SVG document: the gradient and motif of its key, a gold frame, the
 * title in large type over a gold rule and the vendor's name, all from the bottom up.
 */
export function coverSvg(cover: {
  key: string;
  title: string;
  vendorName?: string | null | undefined;
}): string {
  const style = coverStyleOf(cover.key);
  const title = fitTitle(cover.title);
  const vendorLines = cover.vendorName
    ? (wrapWords(cover.vendorName.toUpperCase(), lineLengthAt(vendorSize) + 4, 2) ?? [
        cover.vendorName.toUpperCase(),
      ])
    : [];
  // Laid out from the bottom up (the vendor's name, the gold rule, the title), written top down.
  const drawn: string[] = [];
  let baseline = coverSize - coverMargin;
  for (const line of [...vendorLines].reverse()) {
    drawn.unshift(
      `<text x="${coverMargin}" y="${baseline}" font-size="${vendorSize}" font-weight="700" letter-spacing="0.6" fill="#fff" fill-opacity="0.82">${escapeXml(line)}</text>`,
    );
    baseline -= vendorSize + 4;
  }
  if (vendorLines.length > 0) {
    drawn.unshift(
      `<rect x="${coverMargin}" y="${baseline - 4}" width="44" height="4" rx="2" fill="#f5c451"/>`,
    );
    baseline -= 16;
  }
  for (const line of [...title.lines].reverse()) {
    drawn.unshift(
      `<text x="${coverMargin}" y="${baseline}" font-size="${title.fontSize}" font-weight="800" fill="#f4f2ff">${escapeXml(line)}</text>`,
    );
    baseline -= Math.round(title.fontSize * 1.08);
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${coverSize} ${coverSize}" width="${coverSize}" height="${coverSize}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${style.light}"/><stop offset="1" stop-color="${style.deep}"/></linearGradient>`,
    '<radialGradient id="l" cx="0.3" cy="0.2" r="0.7"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>',
    `<rect width="${coverSize}" height="${coverSize}" fill="url(#g)"/>`,
    `<g fill="#fff" fill-opacity="0.08" stroke-opacity="0.08">${motifShapes[style.motif]}</g>`,
    `<rect width="${coverSize}" height="${coverSize}" fill="url(#l)"/>`,
    '<rect x="8" y="8" width="224" height="224" rx="16" fill="none" stroke="#f5c451" stroke-opacity="0.5" stroke-width="2"/>',
    `<g font-family="${fontFamily}">${drawn.join('')}</g>`,
    '</svg>',
  ].join('');
}

/** The cover as an image address, for an `<img>` like any other game art. */
export function coverDataUrl(cover: Parameters<typeof coverSvg>[0]): string {
  return `data:image/svg+xml,${encodeURIComponent(coverSvg(cover))}`;
}
