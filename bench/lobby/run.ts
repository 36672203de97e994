/**
 * How much of a bare Fastify's throughput the lobby's games list keeps, with 5,000 games.
 *
 * Two servers are started in child processes in the same run:
 *
 *   ours      buildApp with every hook the production app has, on an in-memory PGlite (or on a
 *             fresh database of the PostgreSQL server in DATABASE_URL, dropped afterwards) holding
 *             the demo merchant and a catalogue of 5,000 games from 12 vendors across every lobby
 *             category (INHOUSE, LIVE, RNG, FISH, SPORTS, ESPORTS, PVP, LOTT, ELOTT), named in
 *             Tagalog and English, some names with accents, a few games hidden or in maintenance.
 *   baseline  a bare Fastify with one route, GET /wps/relay/games, answering each URL of the mix
 *             with the very bytes ours answered it (captured from ours before the load starts and
 *             served from a Map, as Buffers).
 *
 * The mix of GET /wps/relay/games calls, as the lobby sends them (clientType 3, html5-desktop,
 * 18 a page): the first three pages of each category and of each vendor, in Tagalog, and twenty
 * search words (Tagalog and English, with and without accents) in both languages. autocannon
 * drives each server with the same connection count, every connection cycling through the mix,
 * in alternating rounds so that other load on a shared machine falls on both alike. Every answer
 * must be a 2xx. The last line reads:
 *   RESULT lobby rps=<ours> p99_ms=<ours> baseline_rps=<bare> ratio=<ours/bare>
 * where rps is requests over the total measured time and p99_ms the median of the rounds' 99th
 * percentile latencies. Targets: ratio at least 0.5, p99 at most 20 ms.
 *
 * Settings through the environment: BENCH_ROUNDS (3), BENCH_DURATION_S (5, per server and round),
 * BENCH_WARMUP_S (3), BENCH_CONNECTIONS (50).
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../apps/server/src/app.ts';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database.ts';
import { DEMO_MERCHANT_CODE } from '../../apps/server/src/seed/demo-merchant.ts';
import { migrateAndSeed, openServedDatabase } from '../support/database.ts';
import { forkServer, productionConfig, reportReady, stopChild } from '../support/server.ts';
import { LOOPBACK, median, readBoundedInteger } from '../support/settings.ts';

const ROUNDS = readBoundedInteger('BENCH_ROUNDS', 3, 1, 20);
const DURATION_S = readBoundedInteger('BENCH_DURATION_S', 5, 1, 120);
const WARMUP_S = readBoundedInteger('BENCH_WARMUP_S', 3, 0, 60);
const CONNECTIONS = readBoundedInteger('BENCH_CONNECTIONS', 50, 1, 256);
const GAME_COUNT = 5_000;
const PAGES_PER_LIST = 3;
const PAGE_SIZE = 18;
const ROUTE = '/wps/relay/games';
const START_TIMEOUT_MS = 120_000;

/** The bench catalogue's vendors: code, name, the categories its games fall in, in-house or not. */
const VENDORS: { vassalage: string; name: string; types: string[]; inHouse?: boolean }[] = [
  { vassalage: 'INHOUSE', name: 'Panalo Originals', types: ['RNG'], inHouse: true },
  { vassalage: 'BAGWIS', name: 'Bagwis Gaming', types: ['RNG', 'FISH'] },
  { vassalage: 'HIMIG', name: 'Himig Studios', types: ['RNG', 'LIVE'] },
  { vassalage: 'TALA', name: 'Tala Live', types: ['LIVE'] },
  { vassalage: 'ALON', name: 'Alon Slots', types: ['RNG'] },
  { vassalage: 'DIWATA', name: 'Diwata Play', types: ['RNG', 'PVP'] },
  { vassalage: 'KIDLAT', name: 'Kidlat Sports', types: ['SPORTS', 'ESPORTS'] },
  { vassalage: 'BITUIN', name: 'Bituin Lotto', types: ['LOTT', 'ELOTT'] },
  { vassalage: 'PERLAS', name: 'Perlas Games', types: ['RNG', 'FISH'] },
  { vassalage: 'SULO', name: 'Sulo Casino', types: ['LIVE', 'PVP'] },
  { vassalage: 'AGILA', name: 'Agila Slots', types: ['RNG'] },
  { vassalage: 'LAWIN', name: 'Lawin Live', types: ['LIVE', 'RNG'] },
];
const CATEGORIES = ['INHOUSE', 'LIVE', 'RNG', 'FISH', 'SPORTS', 'ESPORTS', 'PVP', 'LOTT', 'ELOTT'];

/** Words game names are made of, as [English, Tagalog]; some carry accents, as real names do. */
const FIRST_WORDS: [string, string][] = [
  ['Golden', 'Gintong'],
  ['Lucky', 'Suwerteng'],
  ['Dragon', 'Dragong'],
  ['Royal', 'Maharlikang'],
  ['Wild', 'Mabangis na'],
  ['Mighty', 'Makapangyarihang'],
  ['Señor', 'Señor'],
  ['Crystal', 'Kristal na'],
  ['Fiesta', 'Pistang'],
  ['Jalapeño', 'Siling'],
  ['Café', 'Kapehang'],
  ['Moon', 'Buwang'],
  ['Sun', 'Araw na'],
  ['Star', 'Bituing'],
  ['Thunder', 'Kulog na'],
  ['Ocean', 'Karagatang'],
];
const SECOND_WORDS: [string, string][] = [
  ['Fortune', 'Kapalaran'],
  ['Treasure', 'Kayamanan'],
  ['Tiger', 'Tigre'],
  ['Phoenix', 'Phoenix'],
  ['Pearl', 'Perlas'],
  ['Island', 'Isla'],
  ['Jungle', 'Gubat'],
  ['Niño', 'Niño'],
  ['Piñata', 'Piñata'],
  ['King', 'Hari'],
  ['Queen', 'Reyna'],
  ['Eagle', 'Agila'],
  ['Carabao', 'Kalabaw'],
  ['Crème', 'Crème'],
  ['Festival', 'Pista'],
  ['Wheel', 'Gulong'],
  ['Baccarat', 'Baccarat'],
];
/** Twenty search words: English and Tagalog, folded and accented, common and rare, one that finds nothing. */
const SEARCH_WORDS = [
  'dragon',
  'GOLD',
  'suwerte',
  'nino',
  'Piñata',
  'cafe',
  'senor',
  'isla',
  'tiger',
  'kayamanan',
  'jalapeno',
  'fortune',
  'perlas',
  'bituin',
  'créme',
  'hari',
  'lucky 1',
  'buwan',
  'Fiesta Kalabaw',
  'zzzz',
];
const CLASSIFY_OF_LIVE = ['BACCARAT', 'ROULETTE', 'SICBO', 'DRAGON_TIGER', 'BLACKJACK'];

type Role = 'ours' | 'baseline';
type ReadyMessage = { port: number };
type Answer = { path: string; contentType: string; body: string };
type AnswersMessage = { answers: Answer[] };

/** The fixed mix of URLs, in a fixed order. */
function buildMix(): string[] {
  const base = `${ROUTE}?clientType=3&platform=html5-desktop&pageSize=${PAGE_SIZE}`;
  const paths: string[] = [];
  for (const category of CATEGORIES) {
    for (let page = 1; page <= PAGES_PER_LIST; page += 1) {
      paths.push(`${base}&language=TY&gameType=${category}&pageNo=${page}`);
    }
  }
  for (const vendor of VENDORS) {
    for (let page = 1; page <= PAGES_PER_LIST; page += 1) {
      paths.push(`${base}&language=TY&vassalage=${vendor.vassalage}&pageNo=${page}`);
    }
  }
  for (const [index, word] of SEARCH_WORDS.entries()) {
    const language = index % 2 === 0 ? 'TY' : 'EN';
    paths.push(`${base}&language=${language}&gameName=${encodeURIComponent(word)}&pageNo=1`);
  }
  return paths;
}

/** The bench catalogue: GAME_COUNT games spread over the vendors, as rows for jsonb_to_recordset. */
function buildCatalogue(merchantId: string, vendorIds: Map<string, string>) {
  const games = [];
  for (let index = 0; index < GAME_COUNT; index += 1) {
    const vendor = VENDORS[index % VENDORS.length] as (typeof VENDORS)[number];
    const gameType = vendor.types[Math.floor(index / VENDORS.length) % vendor.types.length] as string;
    const first = FIRST_WORDS[index % FIRST_WORDS.length] as [string, string];
    const second = SECOND_WORDS[Math.floor(index / FIRST_WORDS.length) % SECOND_WORDS.length] as [
      string,
      string,
    ];
    const number = Math.floor(index / (FIRST_WORDS.length * SECOND_WORDS.length)) + 1;
    const code = `${vendor.vassalage.toLowerCase()}-${String(index).padStart(4, '0')}`;
    games.push({
      id: randomUUID(),
      merchant_id: merchantId,
      vendor_id: vendorIds.get(vendor.vassalage),
      node_id: `${vendor.vassalage}-${String(index).padStart(4, '0')}`,
      vassalage: vendor.vassalage,
      game_type: gameType,
      game_code: code,
      names: { EN: `${first[0]} ${second[0]} ${number}`, TY: `${first[1]} ${second[1]} ${number}` },
      icon_url: `/static/games/${code}.webp`,
      support_play: index % 5 === 0 ? 0 : 1,
      is_hot: index % 97 === 0,
      sort_order: index % 50,
      status: index % 211 === 0 ? 'hidden' : index % 173 === 0 ? 'maintenance' : 'active',
      classify:
        gameType === 'LIVE'
          ? CLASSIFY_OF_LIVE[index % CLASSIFY_OF_LIVE.length]
          : gameType === 'RNG'
            ? 'SLOT'
            : null,
    });
  }
  return games;
}

/** In the ours child: the demo merchant and the bench catalogue, inserted in bulk. */
async function seedCatalogue(database: DatabaseHandle): Promise<void> {
  const { db } = database;
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', DEMO_MERCHANT_CODE)
    .executeTakeFirstOrThrow();
  const vendorIds = new Map(VENDORS.map((vendor) => [vendor.vassalage, randomUUID()]));
  await db
    .insertInto('game_vendors')
    .values(
      VENDORS.map((vendor, index) => ({
        id: vendorIds.get(vendor.vassalage) as string,
        merchant_id: merchant.id,
        vassalage: vendor.vassalage,
        name: vendor.name,
        sort_order: index,
        is_in_house: vendor.inHouse ?? false,
      })),
    )
    .execute();
  const games = buildCatalogue(merchant.id, vendorIds);
  await sql`
    insert into games (id, merchant_id, vendor_id, node_id, vassalage, game_type, game_code, names,
      icon_url, support_play, is_hot, sort_order, status, classify)
    select id, merchant_id, vendor_id, node_id, vassalage, game_type, game_code, names, icon_url,
      support_play, is_hot, sort_order, status, classify
    from jsonb_to_recordset(${JSON.stringify(games)}::jsonb) as game(id text, merchant_id text,
      vendor_id text, node_id text, vassalage text, game_type text, game_code text, names jsonb,
      icon_url text, support_play smallint, is_hot boolean, sort_order integer, status text,
      classify text)`.execute(db);
  await sql`analyze games`.execute(db);
  await sql`analyze game_vendors`.execute(db);
}

/** In a child: runs one server on a free loopback port and tells the parent which. */
async function serve(role: Role): Promise<void> {
  if (role === 'baseline') {
    const answers = await new Promise<Answer[]>((resolve) =>
      process.once('message', (message: AnswersMessage) => resolve(message.answers)),
    );
    // Kept as bytes, ready to write: the least work an answer can cost.
    const byUrl = new Map(
      answers.map((answer) => [
        answer.path,
        { contentType: answer.contentType, bytes: Buffer.from(answer.body) },
      ]),
    );
    const app = Fastify({ logger: false });
    app.get(ROUTE, (request, reply) => {
      const answer = byUrl.get(request.url);
      if (!answer) {
        reply.code(404).send();
        return;
      }
      reply.type(answer.contentType).send(answer.bytes);
    });
    await app.listen({ host: LOOPBACK, port: 0 });
    process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
    reportReady(app.server);
    return;
  }

  const { database, close } = await openServedDatabase();
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const stop = async () => {
    await app?.close();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  await migrateAndSeed(database);
  await seedCatalogue(database);
  app = await buildApp({ config: productionConfig(), database });
  await app.listen({ host: LOOPBACK, port: 0 });
  reportReady(app.server);
}

/** In the parent: starts a server child; `beforeReady` runs once it is forked (to hand it data). */
async function startServer(
  role: Role,
  beforeReady?: (child: ChildProcess) => void,
): Promise<{ child: ChildProcess; port: number }> {
  const { child, ready } = await forkServer<ReadyMessage>(import.meta.filename, ['--serve', role], {
    label: `${role} server`,
    timeoutMs: START_TIMEOUT_MS,
    ...(beforeReady ? { beforeReady } : {}),
  });
  return { child, port: ready.port };
}

/** Asks ours for every URL of the mix once, checks the answers make sense, and keeps their bytes. */
async function captureAnswers(port: number, paths: string[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  let listed = 0;
  for (const path of paths) {
    const response = await fetch(`http://${LOOPBACK}:${port}${path}`);
    const body = await response.text();
    if (response.status !== 200) throw new Error(`ours: GET ${path} answered ${response.status}: ${body}`);
    const parsed = JSON.parse(body) as { success: boolean; value: { games: unknown[]; totalPages: number } };
    if (!parsed.success) throw new Error(`ours: GET ${path} failed: ${body}`);
    listed += parsed.value.games.length;
    answers.push({ path, contentType: response.headers.get('content-type') ?? 'application/json', body });
  }
  // Every category and vendor has games on its first pages; a mix of empty pages measures nothing.
  const empty = answers.filter(
    (answer) =>
      answer.path.includes('&pageNo=1') &&
      !answer.path.includes('gameName=') &&
      answer.body.includes('"games":[]'),
  );
  if (empty.length > 0)
    throw new Error(`ours: empty first pages: ${empty.map((answer) => answer.path).join(', ')}`);
  console.log(
    `  captured ${answers.length} answers, ${listed} games listed, ${answers.reduce((sum, answer) => sum + answer.body.length, 0)} bytes`,
  );
  return answers;
}

type Target = {
  role: Role;
  url: string;
  child: ChildProcess;
  answered: number;
  seconds: number;
  p99s: number[];
};

function load(target: Target, paths: string[], durationS: number): Promise<autocannon.Result> {
  return autocannon({
    url: target.url,
    connections: CONNECTIONS,
    duration: durationS,
    pipelining: 1,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
}

/** One measured run against one server; every answer must be a 2xx. */
async function measureRound(target: Target, paths: string[]): Promise<void> {
  const result = await load(target, paths, DURATION_S);
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${target.role}: ${failed} of ${result['2xx'] + failed} requests failed`);
  target.answered += result['2xx'];
  target.seconds += DURATION_S;
  target.p99s.push(result.latency.p99);
  console.log(
    `  ${target.role.padEnd(8)} ${(result['2xx'] / DURATION_S).toFixed(0).padStart(7)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
}

async function main(): Promise<void> {
  const paths = buildMix();
  console.log(
    `lobby: GET ${ROUTE} with ${GAME_COUNT} games, a mix of ${paths.length} URLs, against a bare Fastify answering the same bytes; ${CONNECTIONS} connections, ${WARMUP_S} s warm-up, ${ROUNDS} rounds of ${DURATION_S} s each, database ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}`,
  );
  const started = await startServer('ours');
  const ours: Target = {
    role: 'ours',
    url: `http://${LOOPBACK}:${started.port}`,
    child: started.child,
    answered: 0,
    seconds: 0,
    p99s: [],
  };
  let baseline: Target | undefined;
  try {
    const answers = await captureAnswers(started.port, paths);
    const bare = await startServer('baseline', (child) => child.send({ answers } satisfies AnswersMessage));
    baseline = {
      role: 'baseline',
      url: `http://${LOOPBACK}:${bare.port}`,
      child: bare.child,
      answered: 0,
      seconds: 0,
      p99s: [],
    };
    // The bare server must answer exactly what ours did.
    for (const answer of answers) {
      const body = await (await fetch(`${baseline.url}${answer.path}`)).text();
      if (body !== answer.body) throw new Error(`baseline: GET ${answer.path} differs from ours`);
    }
    if (WARMUP_S > 0) {
      await load(baseline, paths, WARMUP_S);
      await load(ours, paths, WARMUP_S);
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      console.log(`round ${round} of ${ROUNDS}`);
      // Alternate which goes first, so that neither always runs on a warmer or quieter machine.
      const order = round % 2 === 1 ? [baseline, ours] : [ours, baseline];
      for (const target of order) await measureRound(target, paths);
    }
  } finally {
    if (baseline) await stopChild(baseline.child);
    await stopChild(ours.child);
  }

  const oursRps = ours.answered / ours.seconds;
  const baselineRps = baseline.answered / baseline.seconds;
  console.log(
    `RESULT lobby rps=${oursRps.toFixed(0)} p99_ms=${median(ours.p99s)} baseline_rps=${baselineRps.toFixed(0)} ratio=${(oursRps / baselineRps).toFixed(3)}`,
  );
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex >= 0) {
  await serve(process.argv[serveIndex + 1] === 'baseline' ? 'baseline' : 'ours');
} else {
  await main();
}
