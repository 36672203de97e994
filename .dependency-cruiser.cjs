/**
 * Imports run one way (ARCHITECTURE.md "Imports run one way"); `npm run lint` fails on any
 * import against these rules.
 *
 * Server layers, top to bottom: main → app → http → workflows → modules → platform → config.
 * A layer may import any layer below it (http may call a module's service directly), never one
 * above. db/ is the schema layer beside platform: schema.ts (the tables' types), migrate.ts and
 * migrations/ may be imported by modules, platform, workflows, app and main, and import nothing
 * of the server but config. seed/ fills a first database and so composes like app.ts does: it
 * may use modules and platform, and only main, app and tests may import it.
 *
 * Tests (*.test.ts and apps/server/test/) wire whole apps together, so the layer rules do not
 * apply to them; cycles are forbidden everywhere.
 */

const SERVER = '^apps/server/src/';
const TESTS = ['\\.test\\.tsx?$', '^apps/server/test/'];

/** Forbids the files of one server layer from importing the layers above it. */
function forbidUpwardImports(name, fromPath, forbiddenPaths, comment) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: fromPath, pathNot: TESTS },
    to: { path: forbiddenPaths },
  };
}

const layer = {
  main: `${SERVER}main\\.ts$`,
  app: `${SERVER}app\\.ts$`,
  http: `${SERVER}http/`,
  workflows: `${SERVER}workflows/`,
  modules: `${SERVER}modules/`,
  platform: `${SERVER}platform/`,
  config: `${SERVER}config\\.ts$`,
  seed: `${SERVER}seed/`,
  schemaLayer: `${SERVER}db/`,
};

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A cycle hides which part depends on which; move the shared piece down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },

    // The server's layers.
    forbidUpwardImports(
      'config-is-the-bottom',
      layer.config,
      [SERVER],
      'config.ts reads the environment and imports nothing of the server.',
    ),
    forbidUpwardImports(
      'platform-stays-below-modules',
      layer.platform,
      [layer.modules, layer.workflows, layer.http, layer.app, layer.main, layer.seed],
      'platform is infrastructure: app.ts hands it what it needs (for example a token resolver) instead.',
    ),
    forbidUpwardImports(
      'schema-layer-stays-below-modules',
      layer.schemaLayer,
      [layer.modules, layer.workflows, layer.http, layer.platform, layer.app, layer.main, layer.seed],
      'db/ (schema, migrations) is the bottom data layer beside platform; only seed/ composes modules.',
    ),
    forbidUpwardImports(
      'modules-stay-below-workflows',
      layer.modules,
      [layer.workflows, layer.http, layer.app, layer.main, layer.seed],
      'A module holds rules and SQL, no HTTP and no flows; what spans areas is a workflow.',
    ),
    forbidUpwardImports(
      'workflows-stay-below-http',
      layer.workflows,
      [layer.http, layer.app, layer.main, layer.seed],
      'Workflows never see the wire; the route passes the caller and the input explicitly.',
    ),
    forbidUpwardImports(
      'http-stays-below-app',
      layer.http,
      [layer.app, layer.main, layer.seed],
      'Routes are wired by app.ts, never the reverse.',
    ),
    forbidUpwardImports(
      'seed-stays-below-app',
      layer.seed,
      [layer.http, layer.app, layer.main],
      'The seed writes data through modules and platform, not the wire.',
    ),
    forbidUpwardImports(
      'app-stays-below-main',
      layer.app,
      [layer.main],
      'main.ts listens; app.ts only builds.',
    ),
    {
      name: 'modules-never-import-each-other',
      comment: 'What needs two modules is a workflow (ARCHITECTURE.md).',
      severity: 'error',
      from: { path: `${SERVER}modules/([^/]+)/`, pathNot: TESTS },
      to: { path: `${SERVER}modules/`, pathNot: `${SERVER}modules/$1/` },
    },

    // Across the repository.
    {
      name: 'packages-never-import-apps',
      comment: 'apps/* may import packages/*, never the reverse.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-never-import-each-other',
      comment: 'Each app is deployed on its own; what two apps share belongs in packages/.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },

    // The web apps (player SPA and back office): app → features → components, lib.
    {
      name: 'web-features-stay-below-app',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/features/' },
      to: { path: '^apps/$1/src/app/' },
    },
    {
      name: 'web-shared-code-stays-below-features',
      comment: 'components/ and lib/ are shared by every feature, so they know none of them.',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/(components|lib)/' },
      to: { path: '^apps/$1/src/(app|features)/' },
    },
    {
      name: 'web-lib-stays-below-components',
      comment: 'lib/ is plain code (api client, i18n, formatting); it renders nothing.',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/lib/' },
      to: { path: '^apps/$1/src/components/' },
    },
    {
      name: 'web-api-knows-no-session-or-language',
      comment:
        'lib/api is the wire alone; hooks that add the session or the language live above it (lib/system).',
      severity: 'error',
      from: { path: '^apps/web/src/lib/api/' },
      to: { path: '^apps/web/src/lib/(session|i18n)/' },
    },
    {
      name: 'web-features-never-import-each-other',
      comment: 'A feature never imports another feature; shared pieces move down to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/features/([^/]+)/' },
      to: { path: '^apps/$1/src/features/', pathNot: '^apps/$1/src/features/$2/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/', '\\.d\\.ts$'] },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
