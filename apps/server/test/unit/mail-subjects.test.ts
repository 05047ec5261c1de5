// Issue 30 ("Mail: has failed"): the subject of a job's failure mail reads "has failed", not "is failed".
import { describe, expect, it } from 'vitest';
import { activationMail, planningDoneMail, satelliteDoneMail } from '../../src/mail/templates';

describe('mail subjects', () => {
  it('says a planning is ready, or has failed', () => {
    const link = 'http://localhost:8080/downtime/3';
    expect(planningDoneMail('a@example.com', 'Ann', 'Cable lay', null, link).subject).toBe(
      'Your planning Cable lay is ready',
    );
    expect(planningDoneMail('a@example.com', 'Ann', 'Cable lay', 'no wind', link).subject).toBe(
      'Your planning Cable lay has failed',
    );
  });

  it('says a satellite comparison is ready, or has failed', () => {
    const link = 'http://localhost:8080/data-validation/3';
    expect(satelliteDoneMail('a@example.com', 'Ann', 'P - Q', null, {}, link).subject).toBe(
      'Your satellite comparison P - Q is ready',
    );
    expect(satelliteDoneMail('a@example.com', 'Ann', 'P - Q', 'no tracks', null, link).subject).toBe(
      'Your satellite comparison P - Q has failed',
    );
  });

  it('tells the new user that opening the link activates and signs in (issue 35)', () => {
    const mail = activationMail('a@example.com', 'Ann', 'http://localhost:8080/registration/activate?key=k');
    expect(mail.text).toContain('Open this link to activate your account and sign in:');
  });
});
