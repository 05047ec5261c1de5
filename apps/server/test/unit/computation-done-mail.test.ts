import { describe, expect, it } from 'vitest';
import { computationDoneMail } from '../../src/mail/templates';
import { mailsOutcome } from '../../src/services/computation-done';

describe('computationDoneMail', () => {
  it('lists each point with its outcome and the failure reason, and links the project', () => {
    const mail = computationDoneMail(
      'ann@example.com',
      'Ann',
      'North <Sea>',
      [
        { name: 'Alpha', status: 'FINISHED', error: '' },
        { name: 'Bravo', status: 'FAILED', error: 'no dataset serves the point' },
        { name: 'Charlie', status: 'CANCELLED', error: '' },
      ],
      'http://localhost:8080/project/7/query',
    );
    expect(mail.subject).toBe('The computation of North <Sea> ended with 1 failed point');
    expect(mail.text.split('\n')).toEqual([
      'Hello Ann,',
      'The computation you launched on North <Sea> has ended: 1 of 3 points computed.',
      '- Alpha: computed',
      '- Bravo: failed (no dataset serves the point)',
      '- Charlie: cancelled',
      'Open the project here:',
      'http://localhost:8080/project/7/query',
    ]);
    // user data is escaped in the HTML part
    expect(mail.html).toContain('North &#60;Sea&#62;');
    expect(mail.html).not.toContain('<Sea>');
  });

  it('says ready when no point failed', () => {
    const mail = computationDoneMail('a@b.c', 'A', 'P', [{ name: 'X', status: 'FINISHED', error: '' }], 'l');
    expect(mail.subject).toBe('The statistics of P are ready');
  });
});

describe('mailsOutcome', () => {
  it('mails unless every point was cancelled', () => {
    expect(mailsOutcome([{ status: 'CANCELLED' }, { status: 'CANCELLED' }])).toBe(false);
    expect(mailsOutcome([{ status: 'CANCELLED' }, { status: 'FAILED' }])).toBe(true);
    expect(mailsOutcome([{ status: 'FINISHED' }])).toBe(true);
  });
});
