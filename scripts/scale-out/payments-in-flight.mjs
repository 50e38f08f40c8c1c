// @ts-check
// An API instance killed with SIGKILL while payment notifications are in flight, not at a quiet
// moment: customers press Confirm on their sandbox charges, the sandbox marks each charge paid and
// sends its notification through nginx to whichever instance answers, and one instance dies in
// the middle. A notification the dead instance was applying is rolled back with its transaction;
// nginx passes a refused connection to the other instance; what is still lost is found by the
// reconciliation job, which asks the gateway. So every charge the gateway holds as paid ends with
// its order paid exactly once.

const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{
 *   check: (name: string, ok: boolean, detail?: unknown) => boolean,
 *   commerce: import('./commerce.mjs').TCommerce,
 *   kill: () => Promise<void>,
 *   restart: () => Promise<void>,
 *   expectApplied: (orderIds: string[]) => void,
 *   charges?: number,
 * }} ctx
 */
export async function paymentsInFlight({ check, commerce, kill, restart, expectApplied, charges: count = 40 }) {
  console.info('\n▶ an API instance killed while payment notifications are in flight');
  const buyers = await Promise.all(Array.from({ length: 4 }, () => commerce.signUp('so_pay')));
  /** @type {{ orderId: string, paymentNo: string, codeUrl: string }[]} */
  const charges = [];
  for (let i = 0; i < count; i += 1) {
    const buyer = /** @type {{ token: string }} */ (buyers[i % buyers.length]);
    const order = await commerce.order(buyer.token);
    charges.push(await commerce.charge(buyer.token, order.id));
  }

  /** @type {number[]} */
  const statuses = [];
  let next = 0;
  let killedAfter = -1;
  const confirming = Promise.all(
    Array.from({ length: 6 }, async () => {
      while (next < charges.length) {
        const charge = /** @type {{ codeUrl: string }} */ (charges[next++]);
        statuses.push(await commerce.confirm(charge.codeUrl));
      }
    }),
  );
  // the kill lands while confirmations (and so notifications) are being sent and applied
  while (statuses.length < count / 4) await pause(10);
  killedAfter = statuses.length;
  const killedAt = Date.now();
  await kill();
  await confirming;
  await restart();

  const paidAtGateway = [];
  for (const charge of charges) if (await commerce.paidAtGateway(charge.codeUrl)) paidAtGateway.push(charge.orderId);
  /** @type {Record<string, number>} */
  const byStatus = {};
  for (const status of statuses) byStatus[status] = (byStatus[status] ?? 0) + 1;
  check(
    'the instance was killed while confirmations were still being sent',
    killedAfter > 0 && killedAfter < count,
    `${killedAfter} of ${count} confirmed before the kill; confirm pages answered ${JSON.stringify(byStatus)}; ${paidAtGateway.length} paid at the gateway`,
  );
  // the orders the gateway took money for: paid by their notification or, if it was lost, by reconciliation
  expectApplied(paidAtGateway);
  return { killedAt };
}
