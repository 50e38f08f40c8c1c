// @ts-check
// The step's own assertions: each prints one line and counts as a test in the suite's totals.

export function createChecks() {
  const totals = { passed: 0, failed: 0 };
  /** @type {string[]} the line of each failed check as printed (cut at 600 characters), for the summary */
  const failures = [];
  return {
    totals,
    failures,
    /**
     * @param {string} name
     * @param {boolean} ok
     * @param {unknown} [detail] shown when the check fails (and as a note when it passes)
     */
    check(name, ok, detail) {
      totals[ok ? 'passed' : 'failed'] += 1;
      const note = detail === undefined ? '' : ` — ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`;
      const line = `  ${ok ? '✓' : '✖'} ${name}${note}`;
      (ok ? console.info : console.error)(line);
      if (!ok) failures.push(line.length > 600 ? `${line.slice(0, 600)}…` : line);
      return ok;
    },
  };
}

/** @typedef {ReturnType<typeof createChecks>} TChecks */
