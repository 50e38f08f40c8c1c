/**
 * Structure rules (ARCHITECTURE.md, "Structure rules"; CONTRIBUTING.md; ADRs 0038 and 0041), checked by
 * `npm run lint:deps`. Tests are outside the cruised folders; every rule is an error. The rule on cycles
 * between whole modules needs the graph cut to the modules: it lives in .dependency-cruiser.modules.cjs.
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
      name: 'modules-through-index-from-outside',
      severity: 'error',
      comment:
        'The composition, the flows and the infrastructure use a module only through its index.ts too. Exceptions: ' +
        "composition/app.ts registers each module's routes and plugins, composition/setup/seed-steps.ts lists each module's seed step.",
      from: {
        path: '^apps/api/src/(?!modules/)',
        pathNot: ['^apps/api/src/composition/app[.]ts$', '^apps/api/src/composition/setup/seed-steps[.]ts$'],
      },
      to: { path: '^apps/api/src/modules/[^/]+/(?!index[.]ts$)' },
    },
    {
      name: 'infrastructure-below-modules',
      severity: 'error',
      comment: 'infrastructure/ is what modules stand on; it never reaches up into a module, a flow or the composition.',
      from: { path: '^apps/api/src/infrastructure/' },
      to: { path: '^apps/api/src/(modules|flows|composition)/' },
    },
    {
      name: 'flows-above-modules',
      severity: 'error',
      comment: 'A flow changes several modules in one transaction; modules never call a flow (ADR 0039), so each reads on its own.',
      from: { path: '^apps/api/src/modules/' },
      to: { path: '^apps/api/src/flows/' },
    },
    {
      name: 'no-orphans',
      severity: 'error',
      comment: 'A source file nothing imports is dead code (entry points and tests excepted).',
      from: {
        orphan: true,
        pathNot: [
          '[.]d[.]ts$',
          '[.]test[.]tsx?$',
          '^apps/web/src/app/',
          '^apps/web/src/proxy[.]ts$',
          '^apps/api/src/composition/(server|setup/cli)[.]ts$',
        ],
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
