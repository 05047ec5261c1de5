// A new user signs up through the registration page, activates through the e-mail link, signs in, sees
// the shell and the release notes, and logs out (issue 2, browser test 1).
import { describe, expect, it, onTestFailed } from 'vitest';
import { APP_VERSION, messages, paths } from '@metocean/contracts';
import {
  demoPassword,
  hidden,
  linkInMail,
  newestMail,
  screenshot,
  signIn,
  useServerAndBrowser,
  visible,
} from './harness';

describe('sign-up, activation, sign-in and log-out in the browser', () => {
  const harness = useServerAndBrowser();

  it('takes a new user from the registration page to the shell and out again', async () => {
    const { page, server } = harness;
    onTestFailed(async () => {
      await screenshot(page, 'failure-signup');
      console.log(server.output().split('\n').slice(-40).join('\n'));
    });
    const suffix = Date.now().toString(36);
    const user = {
      username: `e2e_${suffix}`,
      email: `e2e.${suffix}@example.com`,
      firstName: 'Marine',
      lastName: 'Keller',
      password: 'Tidal-Gauge-2719',
    };

    await page.goto(`${server.url}/registration`);
    await visible(page.getByRole('heading', { name: 'Create an account' }));
    await page.locator('input[name="firstName"]').fill(user.firstName);
    await page.locator('input[name="lastName"]').fill(user.lastName);
    await page.locator('input[name="username"]').fill(user.username);
    await page.locator('input[name="email"]').fill(user.email);
    await page.locator('input[name="password"]').fill(user.password);
    await page.locator('input[name="passwordConfirm"]').fill(user.password);

    // The server's field errors land under their fields.
    await page.locator('input[name="username"]').fill('manager');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await visible(page.getByText(messages.usernameTaken));
    await page.locator('input[name="username"]').fill(user.username);
    await screenshot(page, '01-registration');
    const before = Date.now() - 1;
    await page.getByRole('button', { name: 'Sign up' }).click();

    const success = await visible(page.getByRole('dialog', { name: 'Sign-up complete' }));
    await screenshot(page, '02-signup-success');
    await success.getByRole('button', { name: 'Go to sign in' }).click();
    await page.waitForURL('**/login');

    // The activation link arrives as an .eml file in DATA_DIR/mail.
    const mail = await newestMail(server.dataDir, before);
    expect(mail).toContain(user.email);
    const activation = linkInMail(mail, '/registration/activate');
    expect(activation).toMatch(/key=/);

    // Issue 35: opening the link activates the account and signs the person in, without a second click,
    // and a new account's first screen is not the release notes of a version it never missed.
    await page.goto(`${server.url}${activation}`);
    await page.waitForURL(`${server.url}/`);
    await visible(page.getByRole('heading', { name: `Hello ${user.firstName}` }));
    expect(await page.getByRole('dialog', { name: /What's new/ }).count()).toBe(0);
    await screenshot(page, '03-activated-signed-in');
    // The link is single-use: opened again, it says so and keeps the form for a key typed by hand.
    await page.goto(`${server.url}${activation}`);
    await visible(page.getByText(messages.invalidVerificationKey));
    await visible(page.getByRole('button', { name: 'Activate account' }));
    await page.goto(`${server.url}/`);

    // The shell: greeting, main menu, footer, and the empty project list.
    await visible(page.getByRole('heading', { name: `Hello ${user.firstName}` }));
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of ['Home', 'My Team', 'FAQ', 'Statistics']) {
      await visible(nav.getByRole('link', { name: link }));
    }
    await visible(nav.getByRole('button', { name: 'Contact us' }));
    const footer = await visible(page.getByRole('contentinfo'));
    expect(await footer.textContent()).toContain(`${new Date().getFullYear()} All rights reserved`);
    await visible(page.getByTestId('empty-noProjects'));
    await screenshot(page, '05-home');

    // Contact us: sending stays disabled until the required fields are filled; the phone is optional.
    await nav.getByRole('button', { name: 'Contact us' }).click();
    const contact = await visible(page.getByRole('dialog', { name: 'Contact us' }));
    const send = contact.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await contact.locator('input[name="companyName"]').fill('Keller Marine Surveys');
    expect(await send.isDisabled()).toBe(true);
    await contact.locator('textarea[name="message"]').fill('Which zones cover the Baltic Sea?');
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    await visible(contact.getByText('your message has been sent', { exact: false }));
    await contact.getByRole('button', { name: 'Close' }).click();
    await hidden(page.getByRole('dialog'));

    // My profile: counts, the two local settings, and editing one's names.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    await page.waitForURL('**/profile');
    await visible(page.getByRole('cell', { name: user.username, exact: true }));
    // issue 30: comments are counted like the rest, never 'N/A'
    expect(await page.getByRole('cell', { name: 'N/A' }).count()).toBe(0);
    const tutorials = page.getByRole('checkbox', { name: 'Dismiss all tutorials' });
    await tutorials.check();
    await page.reload();
    expect(await page.getByRole('checkbox', { name: 'Dismiss all tutorials' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = await visible(page.getByRole('dialog', { name: 'Edit profile' }));
    await edit.locator('input[name="firstName"]').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await visible(edit.getByText(messages.required));
    await edit.locator('input[name="firstName"]').fill('Marina');
    await edit.getByRole('button', { name: 'Save' }).click();
    await hidden(page.getByRole('dialog'));
    await visible(page.getByRole('cell', { name: `Marina ${user.lastName}` }));
    await screenshot(page, '05b-profile');

    // The notes stay one click away, and do not pop up again.
    await page.getByRole('link', { name: "What's new" }).click();
    await page.waitForURL('**/changelog');
    await visible(page.getByRole('heading', { name: `Version ${APP_VERSION}` }));
    await screenshot(page, '06-changelog');
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Changelog' }));
    expect(await page.getByRole('dialog').count()).toBe(0);

    // The avatar shows the initials; its menu logs out.
    const avatar = page.getByRole('button', { name: 'Account menu' });
    expect(await avatar.textContent()).toBe('MK');
    await avatar.click();
    await screenshot(page, '07-avatar-menu');
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL('**/login');
    await visible(page.getByRole('button', { name: 'Sign in' }));

    // Signed out for real: the shell sends the visitor back to login.
    await page.goto(`${server.url}/profile`);
    await page.waitForURL('**/login');
  });

  it('resets a forgotten password through the e-mail link', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-reset'));
    const login = await fetch(`${server.url}${paths.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'standard', password: demoPassword }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const me = await fetch(`${server.url}${paths.usersCurrent}`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const { email } = (await me.json()) as { email: string };

    await page.goto(`${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/accounts/password/reset/');
    const before = Date.now() - 1;
    await page.locator('input[name="email"]').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = await visible(page.getByRole('dialog', { name: 'Check your e-mail' }));
    expect(await sent.textContent()).toContain(messages.resetSent);
    await screenshot(page, '08-reset-sent');

    const link = linkInMail(await newestMail(server.dataDir, before), '/accounts/password/reset/confirm');
    await page.goto(`${server.url}${link}`);
    await visible(page.getByRole('heading', { name: 'Choose a new password' }));
    // The browser checks the rules before the server does.
    await page.locator('input[name="password"]').fill('short');
    await page.locator('input[name="passwordConfirm"]').fill('different');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText(messages.passwordTooShort, { exact: false }));
    await visible(page.getByText(messages.passwordMismatch));
    await screenshot(page, '09-reset-confirm-errors');
    const newPassword = 'Swell-Period-8812';
    await page.locator('input[name="password"]').fill(newPassword);
    await page.locator('input[name="passwordConfirm"]').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL('**/login');
    await signIn(page, server.url, 'standard', newPassword);
  });

  it('activates an invitation with a chosen username and password', async () => {
    const { page, server } = harness;
    onTestFailed(() => screenshot(page, 'failure-invitation'));
    const login = await fetch(`${server.url}${paths.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: demoPassword }),
    });
    const { accessToken } = (await login.json()) as { accessToken: string };
    const before = Date.now() - 1;
    const invite = await fetch(`${server.url}${paths.users}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ email: 'invitee.e2e@example.com', isStaff: false }),
    });
    expect(invite.status).toBe(201);

    const link = linkInMail(await newestMail(server.dataDir, before), '/registration/activate');
    expect(link).toContain('invite=1');
    // The link is opened in a browser where someone else is signed in: activating signs the invitee in
    // in their place (issue 35: activation signs in).
    await signIn(page, server.url, 'manager', demoPassword);
    await page.goto(`${server.url}${link}`);
    await visible(page.getByRole('heading', { name: 'Join your team' }));
    const password = 'Harbour-Crane-4410';
    await page.locator('input[name="username"]').fill('invitee_e2e');
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="passwordConfirm"]').fill(password);
    await screenshot(page, '03b-invitation');
    await page.getByRole('button', { name: 'Activate account' }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My profile' }).click();
    await visible(page.getByRole('cell', { name: 'invitee_e2e', exact: true }));
    await signIn(page, server.url, 'invitee_e2e', password);
  });
});
