// The messages the product sends. Plain text is the source; HTML is derived with escaping.
import type { MailMessage } from './mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function compose(to: string, subject: string, lines: string[]): MailMessage {
  const text = lines.join('\n');
  const html = lines
    .map((line) => {
      const escaped = escapeHtml(line);
      return /^https?:\/\//.test(line) ? `<p><a href="${escaped}">${escaped}</a></p>` : `<p>${escaped}</p>`;
    })
    .join('\n');
  return { to, subject, text, html };
}

export function activationMail(to: string, name: string, link: string): MailMessage {
  return compose(to, 'Activate your Metocean Studio account', [
    `Hello ${name},`,
    'Thank you for signing up. Open this link to activate your account and sign in:',
    link,
    'The link is valid for 7 days. If you did not sign up, ignore this message.',
  ]);
}

export function invitationMail(to: string, inviter: string, customer: string, link: string): MailMessage {
  return compose(to, `${inviter} invited you to Metocean Studio`, [
    'Hello,',
    `${inviter} invited you to join the ${customer} team on Metocean Studio.`,
    'Open this link to choose your password and activate your account:',
    link,
    'The link is valid for 7 days.',
  ]);
}

export function resetMail(to: string, name: string, link: string): MailMessage {
  return compose(to, 'Reset your Metocean Studio password', [
    `Hello ${name},`,
    'Someone asked to reset the password of your account. Open this link to choose a new one:',
    link,
    'The link is valid for 24 hours. If you did not ask for it, ignore this message: your password is unchanged.',
  ]);
}

export function demoRequestMail(
  to: string,
  id: number,
  request: { email: string; latitude: number; longitude: number },
) {
  return compose(to, `Demo location request #${id}`, [
    `${request.email} asks for a demo point at latitude ${request.latitude}, longitude ${request.longitude}.`,
    'Reply within 48 hours, as the demo page promises.',
  ]);
}

/** The AWD planning has finished or failed (spec 001 §2.3: "an e-mail will be sent"). */
export function planningDoneMail(
  to: string,
  name: string,
  planning: string,
  failed: string | null,
  link: string,
): MailMessage {
  return compose(
    to,
    failed === null ? `Your planning ${planning} is ready` : `Your planning ${planning} has failed`,
    [
      `Hello ${name},`,
      failed === null
        ? `The weather downtime of your planning ${planning} has been computed. Open it here:`
        : `The weather downtime of your planning ${planning} could not be computed: ${failed}`,
      link,
    ],
  );
}

/** A satellite comparison has finished or failed (spec 002: "the result is sent by e-mail to the user"). */
export function satelliteDoneMail(
  to: string,
  name: string,
  comparison: string,
  failed: string | null,
  stats: Record<
    string,
    { units: string; counts: { matchups: number }; metrics: Record<string, number | null> }
  > | null,
  link: string,
): MailMessage {
  const round = (v: number | null | undefined) => (v === null || v === undefined ? 'n/a' : v.toFixed(3));
  const lines =
    failed === null
      ? Object.entries(stats ?? {}).map(
          ([variable, s]) =>
            `${variable}: ${s.counts.matchups} matchups, bias ${round(s.metrics.bias)} ${s.units}, rmse ${round(s.metrics.rmse)} ${s.units}, corr ${round(s.metrics.corr)}, SI ${round(s.metrics.SI)}`,
        )
      : [];
  return compose(
    to,
    failed === null
      ? `Your satellite comparison ${comparison} is ready`
      : `Your satellite comparison ${comparison} has failed`,
    [
      `Hello ${name},`,
      failed === null
        ? `The satellite comparison ${comparison} has been computed:`
        : `The satellite comparison ${comparison} could not be computed: ${failed}`,
      ...lines,
      failed === null
        ? 'Open the data validation page of the project and click the point to read the scatter plots:'
        : 'Open the data validation page of the project to launch it again, or contact support:',
      link,
    ],
  );
}

/** One point's outcome in a computation-done mail. */
export interface PointOutcome {
  name: string;
  status: 'FINISHED' | 'FAILED' | 'CANCELLED';
  error: string;
}

const OUTCOME_TEXT = { FINISHED: 'computed', FAILED: 'failed', CANCELLED: 'cancelled' } as const;

/**
 * A project's computation has ended (spec 000 §4, the compute confirmation: "a message is sent to {email}
 * when it is done"): the project link and each point's outcome, a failure with its reason.
 */
export function computationDoneMail(
  to: string,
  name: string,
  project: string,
  outcomes: PointOutcome[],
  link: string,
): MailMessage {
  const failed = outcomes.filter((o) => o.status === 'FAILED').length;
  const computed = outcomes.filter((o) => o.status === 'FINISHED').length;
  const subject =
    failed === 0
      ? `The statistics of ${project} are ready`
      : `The computation of ${project} ended with ${failed} failed point${failed === 1 ? '' : 's'}`;
  return compose(to, subject, [
    `Hello ${name},`,
    `The computation you launched on ${project} has ended: ${computed} of ${outcomes.length} point${outcomes.length === 1 ? '' : 's'} computed.`,
    ...outcomes.map(
      (o) =>
        `- ${o.name}: ${OUTCOME_TEXT[o.status]}${o.status === 'FAILED' && o.error ? ` (${o.error})` : ''}`,
    ),
    'Open the project here:',
    link,
  ]);
}
