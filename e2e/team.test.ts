// My Team (spec 000 §2.10, §6, §8): the top bar's 'My Team' opens /people; a manager invites someone (the
// mail lands in DATA_DIR/mail), sees them 'invited', resends and revokes the invitation, edits a member,
// gives them projects from the team table and from the project page, and removes them; a member sees no
// manager action.
import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '@metocean/contracts';
import {
  apiToken,
  createProject,
  hidden,
  linkInMail,
  mailText,
  newestMail,
  screenshot,
  signInFresh,
  useServerAndBrowser,
  visible,
} from './harness';

const rowOf = (page: Page, text: string) => page.getByTestId('team-row').filter({ hasText: text });

/** A screenshot once the dialog's fade-in (225 ms) has ended. */
async function dialogShot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(300);
  await screenshot(page, name);
}

describe('my team in the browser', () => {
  let biscay = 0;
  const harness = useServerAndBrowser(async ({ server }) => {
    const manager = await apiToken(server.url, 'manager');
    biscay = await createProject(server.url, manager, {
      zone: 'Bay of Biscay',
      name: 'Biscay_jacket',
      points: [{ name: 'Jacket', lat: 45.2, lng: -4.1 }],
    });
    await createProject(server.url, manager, {
      zone: 'North and Celtic Seas',
      name: 'Celtic_cable',
      points: [{ name: 'Landfall', lat: 57.2, lng: 3 }],
    });
  });

  it('a manager invites, resends and revokes an invitation', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-team-invite'));
    await signInFresh(page, server.url, 'manager');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Team' }).click();
    await page.waitForURL('**/people');
    await visible(page.getByRole('heading', { name: 'My Team' }));
    await visible(rowOf(page, 'Mel Member'));
    expect(await page.getByTestId('team-count').textContent()).toContain('3 collaborators · 1 invited');
    const mel = rowOf(page, 'Mel Member');
    expect(await mel.getByRole('cell').allTextContents()).toEqual([
      'Mel Member',
      'member@demo-offshore-ltd.example.com',
      'Member',
      'None',
      '0',
      '',
    ]);
    await screenshot(page, 'team-01-manager');

    // The invitation: the e-mail is checked here, then by the server (its first e-mail error under the field).
    await page.getByRole('button', { name: 'Invite collaborators' }).click();
    const invite = await visible(page.getByRole('dialog', { name: 'Invite team member' }));
    const emailField = invite.getByRole('textbox', { name: 'E-mail' });
    await emailField.fill('not-an-address');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await visible(invite.getByText(messages.incorrectEmail));
    await emailField.fill('member@demo-offshore-ltd.example.com');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await visible(invite.getByText(messages.emailTaken));
    await emailField.fill('diver@demo.example.com');
    const search = invite.getByRole('textbox', { name: 'Search a project or zone' });
    await search.fill('celtic seas');
    await visible(invite.getByRole('checkbox', { name: /Celtic_cable/ }));
    expect(await invite.getByRole('checkbox', { name: /Biscay_jacket/ }).count()).toBe(0);
    await search.fill('atlantis');
    await visible(invite.getByText('No matching projects'));
    await search.fill('biscay');
    await invite.getByRole('checkbox', { name: /Biscay_jacket/ }).check();
    await dialogShot(page, 'team-02-invite');
    const beforeInvite = Date.now();
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await hidden(invite);
    const invitation = await newestMail(server.dataDir, beforeInvite - 1000);
    expect(mailText(invitation)).toContain('invited you to join the Demo Offshore Ltd team');
    expect(linkInMail(invitation, '/registration/activate')).toContain('invite=1');

    const diver = rowOf(page, 'diver@demo.example.com');
    await visible(diver);
    expect(await diver.getByRole('cell').nth(2).textContent()).toBe('invited');
    expect(await diver.getByRole('cell').nth(3).textContent()).toBe('1 project');
    expect(await page.getByTestId('team-count').textContent()).toContain('4 collaborators · 2 invited');

    // Resend: a new mail with a new link.
    const beforeResend = Date.now();
    await diver.getByRole('button', { name: 'Resend invitation' }).click();
    const resend = await visible(page.getByRole('dialog', { name: 'Resend invitation' }));
    await resend.getByRole('button', { name: 'Resend' }).click();
    await hidden(resend);
    await visible(
      page.getByTestId('team-notice').getByText('Invitation sent again to diver@demo.example.com.'),
    );
    const again = await newestMail(server.dataDir, beforeResend - 1);
    expect(linkInMail(again, '/registration/activate')).not.toBe(
      linkInMail(invitation, '/registration/activate'),
    );

    // Revoke: the invitee leaves the table.
    await diver.getByRole('button', { name: 'Revoke invitation' }).click();
    const revoke = await visible(page.getByRole('dialog', { name: 'Revoke invitation' }));
    await dialogShot(page, 'team-03-revoke');
    await revoke.getByRole('button', { name: 'Revoke' }).click();
    await hidden(revoke);
    await hidden(diver);
    expect(await page.getByTestId('team-count').textContent()).toContain('3 collaborators · 1 invited');
  });

  it('a manager edits a member and gives them projects, from the team and from the project', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-team-edit'));
    // One's own profile has no manager flag (spec 000 §6).
    expect(await rowOf(page, 'Morgan Manager').getByRole('button').count()).toBe(1);
    await rowOf(page, 'Morgan Manager').getByRole('button', { name: 'Edit profile' }).click();
    const mine = await visible(page.getByRole('dialog', { name: 'Edit my profile' }));
    expect(await mine.getByRole('checkbox', { name: /Manager/ }).count()).toBe(0);
    await mine.getByRole('button', { name: 'Cancel' }).click();
    await hidden(mine);

    await rowOf(page, 'Mel Member').getByRole('button', { name: 'Edit profile' }).click();
    const edit = await visible(page.getByRole('dialog', { name: /Edit profile/ }));
    expect(await edit.getByRole('checkbox', { name: /Manager/ }).isChecked()).toBe(false);
    await edit.getByRole('textbox', { name: 'First name' }).fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await visible(edit.getByText(messages.required));
    await edit.getByRole('textbox', { name: 'First name' }).fill('Melanie');
    await edit.getByRole('button', { name: 'Save' }).click();
    await hidden(edit);
    const melanie = rowOf(page, 'Melanie Member');
    await visible(melanie);

    // A collaborator's projects, searched by project or zone name.
    await melanie.getByRole('button', { name: 'Project access' }).click();
    const access = await visible(page.getByRole('dialog', { name: 'Projects of Melanie Member' }));
    const search = access.getByRole('textbox', { name: 'Search a project or zone' });
    await search.fill('nowhere');
    await visible(access.getByText('No matching projects'));
    await search.fill('cable');
    await access.getByRole('checkbox', { name: /Celtic_cable/ }).check();
    await dialogShot(page, 'team-04-projects');
    await access.getByRole('button', { name: 'Save' }).click();
    await hidden(access);
    expect(await melanie.getByRole('cell').nth(3).textContent()).toBe('1 project');

    // The project's side: its Share dialog searches the collaborators by first, last name and e-mail.
    await page.goto(`${server.url}/project/${biscay}/query`);
    await page.getByRole('button', { name: 'Share' }).click();
    const share = await visible(page.getByRole('dialog', { name: /Share project/ }));
    const who = share.getByRole('textbox', { name: 'Search a name or e-mail' });
    await who.fill('nobody');
    await visible(share.getByText('No matching collaborators'));
    await who.fill('melanie');
    await share.getByRole('checkbox', { name: /Melanie Member/ }).check();
    await dialogShot(page, 'team-05-share');
    await share.getByRole('button', { name: 'Save' }).click();
    await hidden(share);

    await page.goto(`${server.url}/people`);
    await visible(rowOf(page, 'Melanie Member'));
    expect(await rowOf(page, 'Melanie Member').getByRole('cell').nth(3).textContent()).toBe('2 projects');
  });

  it('a member sees the team read-only, and the projects given to them', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-team-member'));
    await signInFresh(page, server.url, 'member');
    const cards = page.getByTestId('project-card');
    await visible(cards);
    await visible(cards.filter({ hasText: 'Biscay_jacket' }));
    await visible(cards.filter({ hasText: 'Celtic_cable' }));
    expect(await cards.count()).toBe(2);

    await page.goto(`${server.url}/people`);
    await visible(rowOf(page, 'Morgan Manager'));
    expect(await page.getByRole('button', { name: 'Invite collaborators' }).count()).toBe(0);
    await visible(page.getByText('Only a manager of your team can invite people'));
    expect(await rowOf(page, 'Morgan Manager').getByRole('button').count()).toBe(0);
    expect(await rowOf(page, 'invitee@').getByRole('button').count()).toBe(0);
    // Only one's own profile.
    const me = rowOf(page, 'Melanie Member');
    expect(await me.getByRole('button').count()).toBe(1);
    await visible(me.getByRole('button', { name: 'Edit profile' }));
    expect(await page.getByRole('columnheader', { name: 'Projects' }).count()).toBe(0);

    await page.getByRole('textbox', { name: 'Search collaborators' }).fill('zebra');
    await visible(page.getByText('No matching collaborators'));
    await page.getByRole('button', { name: 'Clear search' }).first().click();
    await visible(rowOf(page, 'Morgan Manager'));
    await screenshot(page, 'team-06-member');
  });

  it('a manager removes a member after confirming', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-team-remove'));
    await signInFresh(page, server.url, 'manager');
    await page.goto(`${server.url}/people`);
    const melanie = rowOf(page, 'Melanie Member');
    await visible(melanie);
    await melanie.getByRole('button', { name: 'Remove from the team' }).click();
    const remove = await visible(page.getByRole('dialog', { name: 'Remove team member' }));
    expect(await remove.textContent()).toContain('Remove Melanie Member from the team?');
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await hidden(remove);
    await visible(melanie);

    await melanie.getByRole('button', { name: 'Remove from the team' }).click();
    await page
      .getByRole('dialog', { name: 'Remove team member' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await hidden(melanie);
    await visible(page.getByTestId('team-notice').getByText('Melanie Member removed from the team.'));
    expect(await page.getByTestId('team-count').textContent()).toContain('2 collaborators · 1 invited');
  });
});
