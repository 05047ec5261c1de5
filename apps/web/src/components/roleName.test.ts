import { describe, expect, it } from 'vitest';
import { roleName } from './roleName';

describe('roleName', () => {
  it('calls the superuser Administrator, never Manager (issue 30), and others by their staff flag', () => {
    expect(roleName({ isSuperuser: true, isStaff: true })).toBe('Administrator');
    expect(roleName({ isSuperuser: false, isStaff: true })).toBe('Manager');
    expect(roleName({ isSuperuser: false, isStaff: false })).toBe('Member');
  });
});
