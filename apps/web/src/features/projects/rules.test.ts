import { describe, expect, it } from 'vitest';
import { messages, type Offer } from '@metocean/contracts';
import {
  autoSelectedOffer,
  computeBlocker,
  coordinateError,
  datasetTextParts,
  defaultOffer,
  defaultPointName,
  formatTimeStep,
  projectCardPath,
  runLabel,
  statusLabel,
  taskDisplay,
  trialProjectName,
  zoneChoices,
} from './rules';
import { newProjectForm, pointNameField, projectNameError } from './form-rules';

const offer = (over: Partial<Offer>): Offer => ({
  id: 1,
  offerId: 1,
  name: 'On Demand',
  description: '',
  packName: '',
  informationalMessage: '',
  isUnlimited: false,
  hasUnlimitedFullStudy: false,
  hasUnlimitedDiscover: false,
  isTrial: false,
  isMcDashboard: false,
  canBuildReport: false,
  canRunDowntime: false,
  canDownloadStats: false,
  hasMaps: false,
  zones: [],
  expired: false,
  offerStart: '',
  offerEnd: '',
  credits: 0,
  creditsPerPoint: 1,
  nbProjects: null,
  nbAuthPoints: null,
  ...over,
});

describe('project rules', () => {
  it('projectNameError applies every rule of spec 000 §5 in order', () => {
    expect(projectNameError('')).toBe(messages.required);
    expect(projectNameError('ab')).toBe(messages.minLength(3));
    expect(projectNameError('a'.repeat(51))).toBe(messages.maxLength(50));
    // issue 30: a name may hold single spaces between words
    expect(projectNameError('my project')).toBeNull();
    expect(projectNameError('my  project')).toBe(messages.slugOnly);
    expect(projectNameError('my project!')).toBe(messages.slugOnly);
    expect(projectNameError('North_Sea', ['north_sea'])).toBe(messages.projectNameTaken);
    expect(projectNameError('North-Sea_2')).toBeNull();
  });

  it('pointNameField refuses an empty name and a name already in the project, whatever its case', () => {
    const field = pointNameField(['Point 1', 'Buoy B']);
    expect(field.safeParse('  ').error?.issues[0]?.message).toBe(messages.required);
    expect(field.safeParse('buoy b ').error?.issues[0]?.message).toBe(messages.pointNameExists);
    expect(field.safeParse('x'.repeat(51)).error?.issues[0]?.message).toBe(messages.maxLength(50));
    expect(field.parse('  Point 2 ')).toBe('Point 2');
  });

  it('newProjectForm needs a point and a free name, and hands the name over trimmed', () => {
    const form = newProjectForm(['North_Sea']);
    const values = { points: [{ name: 'Point 1', lat: 45.5, lng: -4 }], offer: null, kind: null, zone: null };
    expect(form.safeParse({ ...values, points: [], name: 'Biscay' }).error?.issues[0]?.path).toEqual([
      'points',
    ]);
    expect(form.safeParse({ ...values, name: 'north_sea' }).error?.issues[0]?.message).toBe(
      messages.projectNameTaken,
    );
    expect(form.parse({ ...values, kind: 'regional', zone: 7, name: ' Biscay_Study ' })).toEqual({
      ...values,
      kind: 'regional',
      zone: 7,
      name: 'Biscay_Study',
    });
  });

  it('trialProjectName joins offer and zone, replaces forbidden characters, collapses underscores', () => {
    expect(trialProjectName('Free Trial', 'Bay of Biscay')).toBe('Free_Trial-Bay_of_Biscay');
    expect(trialProjectName('Free  Trial', 'Bay (demo)')).toBe('Free_Trial-Bay_demo_');
    expect(trialProjectName('Free Trial', 'Bay of Biscay', 2)).toBe('Free_Trial-Bay_of_Biscay_2');
  });

  it('projectCardPath opens dashboards, analyze when FINISHED, query otherwise', () => {
    expect(projectCardPath({ id: 3, status: 'FINISHED', isMcDashboard: true, type: 3 })).toBe('/project/3');
    expect(projectCardPath({ id: 3, status: 'FINISHED', isMcDashboard: false, type: 0 })).toBe(
      '/project/3/analyze',
    );
    expect(projectCardPath({ id: 3, status: 'RUNNING', isMcDashboard: false, type: 0 })).toBe(
      '/project/3/query',
    );
  });

  it('defaultOffer prefers unlimited, then limited, then trial, never expired or dashboards', () => {
    const trial = offer({ id: 1, isTrial: true });
    const limited = offer({ id: 2 });
    const unlimited = offer({ id: 3, isUnlimited: true });
    const expired = offer({ id: 4, isUnlimited: true, expired: true });
    const dashboard = offer({ id: 5, isUnlimited: true, isMcDashboard: true });
    expect(defaultOffer([trial, limited, unlimited, expired, dashboard])?.id).toBe(3);
    expect(defaultOffer([trial, limited, expired])?.id).toBe(2);
    expect(defaultOffer([trial, expired])?.id).toBe(1);
    expect(defaultOffer([expired])).toBeUndefined();
  });

  it("autoSelectedOffer picks a lone 'On Demand' only", () => {
    expect(autoSelectedOffer([offer({})])?.name).toBe('On Demand');
    expect(autoSelectedOffer([offer({}), offer({ id: 2, name: 'Other' })])).toBeUndefined();
    expect(autoSelectedOffer([offer({ name: 'Other' })])).toBeUndefined();
  });

  it('defaultPointName starts at count + 1 and skips taken names', () => {
    expect(defaultPointName([])).toBe('Point 1');
    expect(defaultPointName(['A', 'Point 3'])).toBe('Point 4');
  });

  it('formatTimeStep shows hours from one hour, minutes or seconds below', () => {
    expect(formatTimeStep(3600)).toBe('1 h');
    expect(formatTimeStep(10800)).toBe('3 h');
    expect(formatTimeStep(600)).toBe('10 min');
    expect(formatTimeStep(30)).toBe('30 s');
    expect(datasetTextParts('ERA5; ECMWF ;')).toEqual(['ERA5', 'ECMWF']);
  });

  it('computeBlocker checks the point allowance, then credits unless unlimited', () => {
    const base = {
      isUnlimited: false,
      creditsNeeded: 4,
      creditsAvailable: 10,
      nbPoints: 2,
      nbAuthPoints: 10,
    };
    expect(computeBlocker(base)).toBeNull();
    expect(computeBlocker({ ...base, creditsNeeded: 12 })).toBe('credits');
    expect(computeBlocker({ ...base, creditsNeeded: 12, isUnlimited: true })).toBeNull();
    expect(computeBlocker({ ...base, nbPoints: 11 })).toBe('points');
  });
});

describe('taskDisplay (spec 000 §4 point task statuses)', () => {
  const task = (status: string) => ({ status, processType: 'ALL' });
  it('compares statuses case-insensitively and counts a queued task as running', () => {
    expect(taskDisplay(task('running'), false)).toBe('running');
    expect(taskDisplay(task('PENDING'), false)).toBe('running');
    expect(taskDisplay(task('finished'), false)).toBe('finished');
    expect(taskDisplay(task('FAILED'), false)).toBe('failed');
  });
  it('keeps a computed point finished after a cancelled rerun, and idle points idle', () => {
    expect(taskDisplay(task('CANCELLED'), true)).toBe('finished');
    expect(taskDisplay(task('CANCELLED'), false)).toBe('cancelled');
    expect(taskDisplay(undefined, false)).toBe('idle');
    expect(taskDisplay(undefined, true)).toBe('finished');
  });
  it('labels the run button with the statistic', () => {
    expect(runLabel('ALL')).toBe('run all statistics');
    expect(runLabel(undefined)).toBe('run all statistics');
    expect(runLabel('EXT')).toBe('run EXT');
  });
});

describe('zoneChoices (the zone picker)', () => {
  const biscay = { id: 3, name: 'Bay of Biscay', isWorld: false };
  const north = { id: 2, name: 'North and Celtic Seas', isWorld: false };
  const world = { id: 1, name: 'World', isWorld: true };
  const lost = { id: 9, name: 'Gulf of Mexico', isWorld: false };
  const z = (...zones: { id: number; name: string; isWorld: boolean }[]) =>
    zones.map((zone) => ({ ...zone, isDemo: false }));

  it('lists each zone a running offer opens, regional by name then worldwide, offers in the default order', () => {
    const trial = offer({ id: 10, name: 'Free Trial', isTrial: true, zones: z(biscay) });
    const pack = offer({ id: 11, name: 'Pack', zones: z(north, biscay) });
    const unlimited = offer({ id: 12, name: 'Full', isUnlimited: true, zones: z(world, biscay) });
    const choices = zoneChoices([world, north, biscay], [trial, pack, unlimited]);
    expect(choices.map((c) => c.zone.name)).toEqual(['Bay of Biscay', 'North and Celtic Seas', 'World']);
    expect(choices[0]!.offers.map((o) => o.id)).toEqual([12, 11, 10]);
    expect(choices[2]!.offers.map((o) => o.id)).toEqual([12]);
  });

  it('leaves out zones only an expired offer opens', () => {
    const ended = offer({ id: 13, expired: true, zones: z(lost) });
    const pack = offer({ id: 11, zones: z(biscay) });
    expect(zoneChoices([lost, biscay], [ended, pack]).map((c) => c.zone.id)).toEqual([3]);
    expect(zoneChoices([lost], [ended])).toEqual([]);
  });
});

describe('coordinateError', () => {
  it('accepts empty and in-range values, at the limits too', () => {
    expect(coordinateError('', 90)).toBeNull();
    expect(coordinateError('90', 90)).toBeNull();
    expect(coordinateError('-180', 180)).toBeNull();
    expect(coordinateError('53.32', 90)).toBeNull();
  });
  it('says not a number, then too small with minValue, then too large with maxValue', () => {
    expect(coordinateError('north', 90)).toBe(messages.notNumber);
    expect(coordinateError('-90.5', 90)).toBe(messages.minValue(-90));
    expect(coordinateError('91', 90)).toBe(messages.maxValue(90));
    expect(coordinateError('180.01', 180)).toBe(messages.maxValue(180));
  });
});

describe('statusLabel', () => {
  it('shows statuses uppercase, RUNNING as IN PROGRESS, whatever the case it arrives in', () => {
    expect(statusLabel('running')).toBe('IN PROGRESS');
    expect(statusLabel('RUNNING')).toBe('IN PROGRESS');
    expect(statusLabel('finished')).toBe('FINISHED');
    expect(statusLabel('Pending')).toBe('PENDING');
  });
});
