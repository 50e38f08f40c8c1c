/**
 * The module graph of the API: apps/api/src/modules cut to its module folders (auth, orders, …),
 * checked by `npm run lint:deps` beside .dependency-cruiser.cjs and drawn in ARCHITECTURE.md by
 * scripts/module-graph.mjs. A cycle between two files is caught by the file rules; this one catches
 * a cycle between modules, which no two files need to close (auth/a → referrals/index → referrals/b
 * → auth/index). Only the modules folder is cruised, so a path through the composition or the
 * infrastructure is not a module cycle.
 */
const base = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-module-cycle',
      severity: 'error',
      comment: 'Modules form a tree of who stands on whom: work that needs two modules to call each other belongs in a flow (ADR 0039).',
      scope: 'folder',
      from: { path: '^apps/api/src/modules/[^/]+$' },
      to: { path: '^apps/api/src/modules/[^/]+$', circular: true },
    },
  ],
  options: {
    ...base.options,
    includeOnly: '^apps/api/src/modules/',
    // folder-scoped rules are checked on the folder graph, which depcruise derives with the metrics
    metrics: true,
  },
};
