import { isStaffRole, STAFF_ROLES, STAFF_USERNAME_RE, type TStaffRole } from '../../modules/admin';

function flag(flags: string[], name: string): string | undefined {
  const at = flags.indexOf(name);
  return at >= 0 ? flags[at + 1] : undefined;
}

/** The flags of `admin:create`, checked: the new member, or what is wrong. */
export function parseAdminCreateFlags(flags: string[]): { username: string; role: TStaffRole } | string {
  const username = flag(flags, '--username');
  if (!username || !STAFF_USERNAME_RE.test(username))
    return '--username: 3 to 32 letters, digits, dots, dashes or underscores, starting with a letter';
  const role = flag(flags, '--role');
  if (!isStaffRole(role)) return `--role must be one of ${STAFF_ROLES.join(', ')}`;
  return { username, role };
}
