/**
 * The role a person reads for a user (home greeting, profile): the provider's superuser is the
 * administrator, not a "Manager" of a customer (issue 30); then managers (staff) and members.
 */
export function roleName(user: { isSuperuser: boolean; isStaff: boolean }): string {
  if (user.isSuperuser) return 'Administrator';
  return user.isStaff ? 'Manager' : 'Member';
}
