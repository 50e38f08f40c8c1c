import { AppError } from '../../infrastructure/http/app-error';
import { type Db } from '../../infrastructure/db/schema';
import { deleteAccessRule, rulesNaming } from './access-rules.repository';
import { accessRuleOf } from './access-rules.service';
import { type OrgAuditActor, recordOrgAuditInOrder } from './membership';

// What happens to access rules when what they name goes away (ADR 0046, decision 4), called in
// the transaction of that change, under the organisation's lock.

type Named = { side: 'subject' | 'object'; type: string; id: string };

/** A department, device group or custom role that rules name is not deleted: the rules go first, each audited. */
export async function refuseWhileRulesName(trx: Db, orgId: string, named: Named): Promise<void> {
  if ((await rulesNaming(trx, orgId, named)).length > 0) throw new AppError('ORG_ACCESS_RULES_NAME_IT');
}

/**
 * The rules of a member who leaves (or is removed, or erased) or of a device that leaves the
 * organisation go with them, one `accessRule.delete` audit row each, written before the change's
 * own row. Answers how many went.
 */
export async function forgetRulesNaming(trx: Db, actor: OrgAuditActor, named: Named, now: Date): Promise<number> {
  const rules = await rulesNaming(trx, actor.orgId, named);
  for (const rule of rules) {
    await deleteAccessRule(trx, actor.orgId, rule.id);
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...before } = accessRuleOf(rule);
    await recordOrgAuditInOrder(
      trx,
      actor,
      { action: 'accessRule.delete', targetType: 'accessRule', targetId: rule.id, before, after: null },
      now,
    );
  }
  return rules.length;
}
