// Next.js ambient types for `tsc` on a fresh checkout (next-env.d.ts is generated per build
// and not committed; see apps/web/.gitignore). Build-specific route types are not included,
// so the typecheck does not depend on which dist dir was built last.
/// <reference types="next" />
/// <reference types="next/image-types/global" />
