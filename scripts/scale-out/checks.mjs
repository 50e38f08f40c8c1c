// @ts-check
// The step's own assertions: each prints one line and counts as a test in the suite's totals.

export function createChecks() {
  const totals = { passed: 0, failed: 0 };
  return {
    totals,
    /**
     * @param {string} name
     * @param {boolean} ok
     * @param {unknown} [detail] shown when the check fails (and as a note when it passes)
     */
    check(name, ok, detail) {
      totals[ok ? 'passed' : 'failed'] += 1;
      const note = detail === undefined ? '' : ` — ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`;
      (ok ? console.info : console.error)(`  ${ok ? '✓' : '✖'} ${name}${note}`);
      return ok;
    },
  };
}

/** @typedef {ReturnType<typeof createChecks>} TChecks */
