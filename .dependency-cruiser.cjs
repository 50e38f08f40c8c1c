/**
 * Structure rules (ARCHITECTURE.md, "Structure rules"), checked by `npm run lint:deps`.
 * Tests are outside the cruised folders; every rule is an error.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means neither side can be read, tested or changed on its own.',
      from: { path: '^apps/(api|web)/src/' },
      to: { circular: true },
    },
    {
      name: 'web-not-api',
      severity: 'error',
      comment: 'The web talks to the API over HTTP and shares only packages/contracts.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'The contracts are imported by both apps and import neither.',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'module-public-surface',
      severity: 'error',
      comment: "A module uses another module only through its index.ts, so each module's surface is small and explicit.",
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: { path: '^apps/api/src/modules/[^/]+/(?!index[.]ts$)', pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'infrastructure-below-modules',
      severity: 'error',
      comment: 'lib/ and db/ are what modules stand on; they never reach up into a module.',
      from: { path: '^apps/api/src/(lib|db)/' },
      to: { path: '^apps/api/src/modules/' },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A source file nothing imports is dead code (entry points and tests excepted).',
      from: {
        orphan: true,
        pathNot: ['[.]d[.]ts$', '[.]test[.]tsx?$', '^apps/web/src/app/', '^apps/web/src/proxy[.]ts$', '^apps/api/src/(server|setup/cli)[.]ts$'],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|[.]test[.]tsx?$' },
    tsPreCompilationDeps: true,
    // The apps' own tsconfigs extend ../../tsconfig.base.json, which dependency-cruiser resolves
    // against the working directory; this one states the web's `@/` alias for a run from the root.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
