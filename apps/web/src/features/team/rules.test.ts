import { describe, expect, it } from 'vitest';
import type { Collaborator } from '@metocean/contracts';
import {
  matchesCollaborator,
  matchesProject,
  projectAccessLabel,
  projectsOf,
  roleLabel,
  rowActions,
  teamCount,
  toggled,
} from './rules';

const person = (over: Partial<Collaborator>): Collaborator => ({
  id: 1,
  username: 'someone',
  customerName: 'Demo Offshore Ltd',
  firstName: '',
  lastName: '',
  fullName: '',
  email: 'someone@example.com',
  role: 'member',
  isStaff: false,
  usedCredits: 0,
  ...over,
});

describe('roleLabel(role)', () => {
  it("says 'invited' for a pending invitee (spec 000 §2.10) and names the two roles", () => {
    expect(roleLabel('pending')).toBe('invited');
    expect(roleLabel('manager')).toBe('Manager');
    expect(roleLabel('member')).toBe('Member');
  });
});

describe('matchesCollaborator(person, search)', () => {
  const ines = person({ firstName: 'Inès', lastName: 'Le Goff', email: 'ines.legoff@ocean.example.com' });

  it('searches first name, last name and e-mail, ignoring case and accents', () => {
    expect(matchesCollaborator(ines, 'INES')).toBe(true);
    expect(matchesCollaborator(ines, 'goff')).toBe(true);
    expect(matchesCollaborator(ines, 'ocean.example')).toBe(true);
    expect(matchesCollaborator(ines, 'Marie')).toBe(false);
  });

  it('needs every word, each in any field', () => {
    expect(matchesCollaborator(ines, 'ines goff')).toBe(true);
    expect(matchesCollaborator(ines, 'ines smith')).toBe(false);
  });

  it('matches everybody on an empty or blank search', () => {
    expect(matchesCollaborator(ines, '')).toBe(true);
    expect(matchesCollaborator(ines, '   ')).toBe(true);
  });

  it('does not search the username or the customer name', () => {
    expect(matchesCollaborator(ines, 'someone@')).toBe(false);
    expect(matchesCollaborator(ines, 'Demo Offshore')).toBe(false);
  });
});

describe('matchesProject(project, search)', () => {
  it('searches the project name and the zone name', () => {
    const project = { name: 'Biscay_jacket', zoneName: 'Bay of Biscay' };
    expect(matchesProject(project, 'jacket')).toBe(true);
    expect(matchesProject(project, 'bay of')).toBe(true);
    expect(matchesProject(project, 'jacket biscay')).toBe(true);
    expect(matchesProject(project, 'celtic')).toBe(false);
  });
});

describe('teamCount(team, shown)', () => {
  const team = [person({ role: 'manager' }), person({ role: 'member' }), person({ role: 'pending' })];
  it('counts the collaborators and the invited ones', () => {
    expect(teamCount(team)).toBe('3 collaborators · 1 invited');
    expect(teamCount(team.slice(0, 1))).toBe('1 collaborator');
    expect(teamCount([])).toBe('0 collaborators');
  });
  it('says how many a search shows', () => {
    expect(teamCount(team, 2)).toBe('2 of 3 collaborators · 1 invited');
  });
});

describe('projectAccessLabel(person, projects)', () => {
  const projects = [
    { id: 10, collaborators: [1, 2] },
    { id: 11, collaborators: [2] },
  ];
  it('counts the projects of a member; managers see them all', () => {
    expect(projectAccessLabel(person({ id: 2 }), projects)).toBe('2 projects');
    expect(projectAccessLabel(person({ id: 1 }), projects)).toBe('1 project');
    expect(projectAccessLabel(person({ id: 3 }), projects)).toBe('None');
    expect(projectAccessLabel(person({ id: 3, isStaff: true }), projects)).toBe('All projects');
  });
  it('reads the ids of the projects a person sees', () => {
    expect([...projectsOf(2, projects)]).toEqual([10, 11]);
  });
});

describe('rowActions(viewer, person)', () => {
  const manager = { id: 1, isStaff: true, isSuperuser: false };
  const member = { id: 2, isStaff: false, isSuperuser: false };

  it('lets anybody edit their own profile, and nothing else on their own row (spec 000 §6)', () => {
    expect(rowActions(manager, person({ id: 1, role: 'manager', isStaff: true }))).toEqual(['edit']);
    expect(rowActions(member, person({ id: 2 }))).toEqual(['edit']);
  });

  it('gives members no action on other people', () => {
    expect(rowActions(member, person({ id: 1, role: 'manager', isStaff: true }))).toEqual([]);
    expect(rowActions(member, person({ id: 3, role: 'pending' }))).toEqual([]);
  });

  it('gives managers edit, projects and remove on a member', () => {
    expect(rowActions(manager, person({ id: 2 }))).toEqual(['edit', 'projects', 'remove']);
  });

  it('gives managers resend and revoke, not remove, on an invitee', () => {
    expect(rowActions(manager, person({ id: 3, role: 'pending' }))).toEqual([
      'edit',
      'projects',
      'resend',
      'revoke',
    ]);
  });

  it('offers no project list for a manager (they see every project)', () => {
    expect(rowActions(manager, person({ id: 4, role: 'manager', isStaff: true }))).toEqual([
      'edit',
      'remove',
    ]);
    expect(rowActions(manager, person({ id: 5, role: 'pending', isStaff: true }))).toEqual([
      'edit',
      'resend',
      'revoke',
    ]);
  });
});

describe('toggled(ids, id, on)', () => {
  it('adds or removes one id without changing the given set', () => {
    const ids = Object.freeze(new Set([1, 2]));
    expect([...toggled(ids, 3, true)]).toEqual([1, 2, 3]);
    expect([...toggled(ids, 1, false)]).toEqual([2]);
    expect([...ids]).toEqual([1, 2]);
  });
});
