// ESLint: type-aware TypeScript rules, React hooks and Next rules on the web app, no import cycles,
// and the one-way imports of the code's layout (see `boundaries` below). Prettier owns formatting.
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import prettier from 'eslint-config-prettier/flat';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CLIENT = ['app', 'components', 'hooks', 'lib', 'admin'];
const WEB_APP = CLIENT.map((dir) => `${dir}/**/*.{ts,tsx}`);

/**
 * One-way imports, as import-x/no-restricted-paths zones (paths from the repository root):
 * - the web app is layered lib ← hooks ← components ← app: each layer imports only the ones before it, and a
 *   feature's own hooks (components/<feature>/use-*.ts) sit below its components as hooks/ does; the admin
 *   area (admin/, a Next app of its own) sits on top of them all, and none of them imports it;
 * - the web app never imports server code, and the server imports from the web app's tree only the
 *   pure modules both halves share: the zod schemas (lib/schemas) and the contract (contract/, at the root);
 * - the contract itself imports nothing of either half.
 */
const boundaries = [
  {
    target: './lib',
    from: ['./hooks', './components', './app', './admin'],
    message: 'lib/ is the bottom layer: it imports no hooks, components or pages.',
  },
  { target: './hooks', from: ['./components', './app', './admin'], message: 'Hooks import no components or pages.' },
  {
    // A feature's hooks live beside its components (components/<feature>/use-*.ts) and stay below them.
    target: './components/**/use-*.ts',
    from: './components/**/*.tsx',
    message: 'A hook imports no components, its own feature’s included: components use hooks.',
  },
  { target: './components', from: ['./app', './admin'], message: 'Components import no pages: pages compose components.' },
  { target: './app', from: './admin', message: 'The app and the admin area are two sites: they share lib/, components/ and the contract.' },
  ...CLIENT.map((dir) => ({
    target: `./${dir}`,
    from: './server',
    message: 'The web app never imports server code; shared rules live in lib/schemas or contract/.',
  })),
  ...['./app', './components', './hooks', './admin'].map((from) => ({
    target: './server',
    from,
    message: 'The server imports no client code.',
  })),
  {
    target: './contract',
    from: '.',
    except: ['./contract', './node_modules'],
    message: 'contract/ is shared by the server and the web app: it imports only itself and packages (zod).',
  },
  {
    target: './server',
    from: './lib',
    except: ['./schemas'],
    message: 'The server imports from lib/ only the shared pure modules: lib/schemas (and the contract, at the root).',
  },
];

/**
 * The web app's features: each folder of components/ (ui/ aside, which every feature shares) and each part of
 * components/media/, a feature's hooks beside its components. A feature reaches another (and the pages reach a
 * feature) only through the public files listed here, its API; the rest is its own. Adding an import of another
 * file is a choice to make it public, here, or to move what is shared down (to ui/, hooks/ or lib/).
 */
const CLIENT_FEATURES = {
  'components/albums': ['album-offer.ts', 'albums-screen.tsx'],
  'components/auth': [
    'forgot-password-form.tsx',
    'login-form.tsx',
    'not-me.tsx',
    'provider-callback.tsx',
    'register-form.tsx',
    'reset-password-form.tsx',
    'verify-email-form.tsx',
  ],
  'components/favorites': ['favorite-button.tsx', 'favorite-filter.tsx'],
  'components/home': ['guest-home.tsx', 'home-page.tsx'],
  'components/partners': ['partners-section.tsx'],
  'components/player': ['audio-player.tsx', 'use-playback-positions.ts'],
  'components/profile': ['profile-page.tsx'],
  'components/shares': ['lazy-share-dialog.tsx', 'my-links-section.tsx', 'shared-page.tsx'],
  'components/sharing': ['lazy-members-dialog.tsx'],
  'components/shell': ['app-shell.tsx', 'nav-items.tsx', 'route-guard.tsx'],
  'components/trash': ['trash-screen.tsx'],
  // The media, part by part: the screen on top, then the collection and the kinds' views, then what an item is
  // drawn, selected, uploaded, recorded and viewed with.
  'components/media/screen': ['lazy-media-screen.tsx', 'media-screen.tsx', 'media-screen-header.tsx', 'use-media-list.ts'],
  'components/media/collection': ['justified-grid.tsx', 'media-collection.tsx', 'use-timeline.ts'],
  'components/media/kinds': ['kind-views.tsx'],
  'components/media/item': [
    'delete-media-dialog.tsx',
    'edit-media-dialog.tsx',
    'item-offers.tsx',
    'item-props.ts',
    'media-details-form.tsx',
    'media-item-actions.tsx',
    'owner-mark.tsx',
    'processing-failed.tsx',
    'tile-menu.tsx',
    'tile-status.tsx',
    'use-media-item-actions.ts',
    'use-media-mutations.ts',
  ],
  'components/media/selection': ['select-check.tsx', 'selection-bar.tsx', 'use-selectable-item.ts', 'use-selection.ts'],
  'components/media/uploads': [
    'drop-zone.tsx',
    'file-pick-button.tsx',
    'upload-list.tsx',
    'upload-tray.tsx',
    'use-media-uploads.ts',
    'use-pending-uploads.ts',
  ],
  'components/media/recorder': ['recorder-dialog.tsx', 'restore-recording-banner.tsx', 'use-media-recorder-launch.ts'],
  'components/media/viewer': ['media-viewer.tsx', 'viewer-frame.tsx'],
};
const featureZones = [
  ...Object.entries(CLIENT_FEATURES).map(([feature, publicFiles]) => ({
    target: [
      './app',
      './admin',
      ...Object.keys(CLIENT_FEATURES)
        .filter((other) => other !== feature)
        .map((other) => `./${other}`),
    ],
    from: `./${feature}`,
    except: publicFiles.map((file) => `./${file}`),
    message: `${feature}/ is reached only through its public files (CLIENT_FEATURES in eslint.config.mjs).`,
  })),
  // And one way between them: what shows media (albums, the home, the shell) sits above the media, and the player
  // below both the media and the share page.
  {
    target: './components/media',
    from: ['./components/albums', './components/home', './components/shell'],
    message: 'The media import nothing of what shows them: what albums offer on an item comes through media/item/item-offers.tsx.',
  },
  {
    target: './components/player',
    from: ['./components/media', './components/shares'],
    message: 'The player is shared by the audio rows and the share page: it imports neither.',
  },
];

/**
 * On the server a feature (auth, profile, media, accounts, web, …) reaches another only through its
 * public modules. Private to a feature: its repositories (SQL), its route schemas, and its routes,
 * which only server/app.ts registers. The same holds between media's sub-features (records, upload,
 * processing, trim, trash, export, files, usage, timeline), each its own zone, with one exception:
 * the media table's repository (media/records/repository.ts) is media's own, shared by its sub-features.
 * Paths are relative to a file in server/<feature>/ or server/<feature>/<part>/.
 */
const PRIVATE = ['*repository.ts', 'routes.ts', '*-routes.ts', 'schemas.ts'];
const featureInternals = {
  group: ['../*/', '../../*/', '../*/*/', '../../*/*/'].flatMap((up) => PRIVATE.map((file) => up + file)),
  message: "Another server feature's repository, routes and route schemas are its own: go through its service.",
};
export default defineConfig(
  globalIgnores([
    'node_modules/',
    'out/',
    '.next/',
    'admin/out/',
    'admin/.next/',
    'admin/next-env.d.ts',
    'data/',
    '.tmp/',
    'test-results/',
    'playwright-report/',
    'coverage/',
    'next-env.d.ts',
  ]),
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Off: Fastify tells a promise-returning plugin, hook or handler from a callback-style one by
      // `async`, so async functions without await are how they are written (and how test doubles
      // implement promise-returning interfaces). Dropping `async` would change how Fastify calls them.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
          tsconfig: { configFile: `${import.meta.dirname}/tsconfig.app.json` },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, ...featureZones] }],
    },
  },
  {
    files: ['server/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [featureInternals] }] },
  },
  {
    files: ['server/media/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ ...featureInternals, group: [...featureInternals.group, '!../records/repository.ts'] }] },
      ],
    },
  },
  {
    // The two rules of hooks. React Compiler's rules (refs, set-state-in-effect, purity, …) stay off:
    // the app is not compiled by it, and they flag the react-hook-form submit callbacks (which run on
    // submit, not during render) along with the "reset state when a prop changes" effects.
    files: [...WEB_APP, 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': { meta: reactHooks.meta, rules: reactHooks.rules } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The service worker runs in the worker's scope (self, caches), not a page's.
    files: ['public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: WEB_APP,
    extends: [nextPlugin.configs.recommended, nextPlugin.configs['core-web-vitals']],
    rules: {
      // Off: the app is a static export (no image optimiser) and every picture is a signed, private,
      // expiring /media URL, which next/image could neither resize nor cache.
      '@next/next/no-img-element': 'off',
    },
  },
  prettier,
);
