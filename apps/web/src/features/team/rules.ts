// Pure rules of the My Team page (spec 000 §2.10, §6): role labels, the searches of the dialogs, the count
// and which row actions a viewer gets.
import type { Collaborator, Role, TeamProject } from '@metocean/contracts';

/** 'invited' until activation (spec 000 §2.10: "Invited people show an 'invited' status"). */
export function roleLabel(role: Role): string {
  switch (role) {
    case 'manager':
      return 'Manager';
    case 'member':
      return 'Member';
    case 'pending':
      return 'invited';
  }
}

/** Lower case without accents, so that "ines" finds "Inès". */
export function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** True when every word of `search` occurs in one of `fields` (case- and accent-insensitive). */
export function matchesWords(fields: readonly string[], search: string): boolean {
  const words = folded(search).split(/\s+/).filter(Boolean);
  const haystack = fields.map(folded);
  return words.every((word) => haystack.some((field) => field.includes(word)));
}

/** The collaborator search: first name, last name and e-mail (spec 000 §2.10). */
export const matchesCollaborator = (
  person: Pick<Collaborator, 'firstName' | 'lastName' | 'email'>,
  search: string,
) => matchesWords([person.firstName, person.lastName, person.email], search);

/** The project search: project name and zone name (spec 000 §2.10). */
export const matchesProject = (project: Pick<TeamProject, 'name' | 'zoneName'>, search: string) =>
  matchesWords([project.name, project.zoneName], search);

/** The name to show: the full name, else the e-mail (an invitee often has no name yet). */
export const displayName = (person: Pick<Collaborator, 'fullName' | 'email'>) =>
  person.fullName.trim() || person.email;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 collaborators · 1 invited"; "2 of 3 collaborators" while a search hides some. */
export function teamCount(team: readonly Pick<Collaborator, 'role'>[], shown = team.length): string {
  const invited = team.filter((person) => person.role === 'pending').length;
  const total =
    shown === team.length
      ? plural(team.length, 'collaborator')
      : `${shown} of ${plural(team.length, 'collaborator')}`;
  return invited > 0 ? `${total} · ${invited} invited` : total;
}

/**
 * A manager (and an invitee who will be one) sees every project of the account (spec 000 §6), so a project
 * list means something only for members.
 */
export const seesEveryProject = (person: Pick<Collaborator, 'isStaff'>) => person.isStaff;

/** What the Projects column says of a person. */
export function projectAccessLabel(
  person: Pick<Collaborator, 'id' | 'isStaff'>,
  projects: readonly Pick<TeamProject, 'collaborators'>[],
): string {
  if (seesEveryProject(person)) return 'All projects';
  const n = projects.filter((project) => project.collaborators.includes(person.id)).length;
  return n === 0 ? 'None' : plural(n, 'project');
}

export type TeamAction = 'edit' | 'projects' | 'resend' | 'revoke' | 'remove';

/**
 * The row actions of `person` for `viewer` (spec 000 §6): managers edit, give projects, resend or revoke
 * an invitation and remove; anybody edits their own profile; nobody removes themselves or changes their
 * own project access.
 */
export function rowActions(
  viewer: { id: number; isStaff: boolean; isSuperuser: boolean },
  person: Pick<Collaborator, 'id' | 'role' | 'isStaff'>,
): TeamAction[] {
  if (person.id === viewer.id) return ['edit'];
  if (!viewer.isStaff && !viewer.isSuperuser) return [];
  const actions: TeamAction[] = ['edit'];
  if (!seesEveryProject(person)) actions.push('projects');
  if (person.role === 'pending') actions.push('resend', 'revoke');
  else actions.push('remove');
  return actions;
}

/** The set with `id` in or out. */
export function toggled(ids: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(ids);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** The ids a user collaborates on among `projects`. */
export const projectsOf = (userId: number, projects: readonly Pick<TeamProject, 'id' | 'collaborators'>[]) =>
  new Set(projects.filter((project) => project.collaborators.includes(userId)).map((project) => project.id));
