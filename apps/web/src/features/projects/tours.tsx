// Guided tours (spec 000 §2.4, §4 Tutorials): the five tours of the project pages (new project, create
// point, get statistics on an uncomputed point, view statistics on a computed point, project analyze
// display), with react-joyride in controlled mode so steps advance on the user's actions (map click, point
// saved), not only on Next. A tour closed or finished is not shown again to this user in this browser;
// 'Dismiss all tutorials' (the profile setting) stops every tour; the help button replays one on demand.
// Starts, finishes and skips are tracking events (spec 000 §7).
import { useFirstVisitDialogOpen } from '../../app/first-visit';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ACTIONS, EVENTS, Joyride, STATUS, type EventHandler, type Step } from 'react-joyride';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import { track, useMe } from '../../api/queries';
import { useUserSettings } from '../profile/settings';
import { theme } from '../../app/theme';
import type { TourName, TourOutcome } from './tour-rules';

export type { TourName } from './tour-rules';

/** Tour start delay (spec 000 §9). */
export const tourDelayMs = 50;

const doneKey = (name: TourName, userId: number) => `metocean.tour.${name}.${userId}`;

const sidebarSection = (label: string) => `section[aria-label="${label}"]`;
const mapTarget = '[data-testid="map"]';
const pointPopup = '[role="dialog"][aria-label="New point"]';

/** Steps that wait for an action have no Next button and leave the page usable (no overlay). */
const actionStep: Partial<Step> = { buttons: ['back', 'skip'], hideOverlay: true, overlayClickAction: false };

/**
 * Scrolls the side bar to a section before its step (spec 000 §2.4: steps 3, 4, 5). The step itself does not
 * scroll (`skipScroll`): once the side bar is scrolled to its end, Joyride's own scroll to a section it still
 * sees cut by a pixel never ends, and the step's tooltip never showed.
 */
const scrollSideBar = (selector: string) => () => {
  document.querySelector(selector)?.scrollIntoView({ block: 'nearest' });
  return Promise.resolve();
};

/** The new-project tour: intro, select a point, name the point, offer, dataset, save (spec 000 §2.4). */
export const newProjectSteps: Step[] = [
  {
    target: 'body',
    placement: 'center',
    title: 'Create your first project',
    content:
      'A project gathers points of one work zone. Place points on the map, check the offer and the dataset, name the project and create it.',
  },
  {
    target: mapTarget,
    placement: 'left',
    title: 'Select a point',
    content: 'Click the map where you need statistics: a point is added there.',
    ...actionStep,
  },
  {
    target: pointPopup,
    placement: 'right',
    title: 'Name the point',
    content: 'Give the point a name (or keep the one proposed) and save it.',
    ...actionStep,
  },
  {
    target: sidebarSection('2. Offer Selection'),
    placement: 'left',
    title: 'Offer',
    content: 'The offer sets the zones you may use, the credits and the number of points.',
    before: scrollSideBar(sidebarSection('2. Offer Selection')),
    skipScroll: true,
  },
  {
    target: sidebarSection('3. Dataset Selection'),
    placement: 'left',
    title: 'Dataset',
    content:
      'Global Data covers the world; High-Resolution datasets cover regional zones that contain your points.',
    before: scrollSideBar(sidebarSection('3. Dataset Selection')),
    skipScroll: true,
  },
  {
    target: sidebarSection('4. Project name'),
    placement: 'left',
    title: 'Save',
    content: 'Name the project (letters, digits, - and _) and create it.',
    before: scrollSideBar(sidebarSection('4. Project name')),
    skipScroll: true,
  },
];

/** The create-point tour of the Query tab: add a point in the zone, name it, compute (spec 000 §4). */
export const createPointSteps: Step[] = [
  {
    target: mapTarget,
    placement: 'left',
    title: 'Add a point',
    content: 'Click inside the work zone (the blue area) to add a point.',
    ...actionStep,
  },
  {
    target: pointPopup,
    placement: 'right',
    title: 'Name the point',
    content: 'Give the point a name and save it.',
    ...actionStep,
  },
  {
    target: '[data-tour="compute"]',
    placement: 'top',
    title: 'Compute the statistics',
    content:
      'Add as many points as you need, then compute their statistics. It may take a few minutes per point.',
  },
];

/**
 * The first step of a tour that offers itself on a page in use (the Query tab with points, the Analyze
 * tab): a pulsing beacon by the panel's title, opening the tour when clicked, instead of a tooltip and an
 * overlay over the user's work. It does not scroll the page. It sits at the title's right end, inside the
 * panel: placed above it, it landed on the project's tab bar (issue 30).
 */
const offerStep: Partial<Step> = { skipBeacon: false, skipScroll: true, placement: 'right' };

/** Selectors of the rows, buttons and panels the tours point at (set in QueryTab and AnalyzeTab). */
export const tourTargets = {
  pointsHeader: '[data-tour="points-header"]',
  analyzeHeader: '[data-tour="analyze-header"]',
  uncomputedPoint: '[data-tour="uncomputed-point"]',
  runPoint: '[data-tour="uncomputed-point"] [data-tour="run-point"]',
  computedPoint: '[data-tour="computed-point"]',
  computedState: '[data-tour="computed-point"] [data-testid="task-state"]',
  analyzeTab: 'a[role="tab"][href$="/analyze"]',
  displayStatistics: '[data-tour="display-statistics"]',
} as const;

/** Get statistics on an uncomputed point (Query tab): the point, its run button, compute all. */
export const uncomputedPointSteps: Step[] = [
  {
    target: tourTargets.pointsHeader,
    title: 'Get statistics on your points',
    content: 'Your points are placed: this short tour shows how to compute their statistics.',
    ...offerStep,
  },
  {
    target: tourTargets.uncomputedPoint,
    placement: 'right',
    title: 'A point to compute',
    content: 'This point has no statistics yet. Its state shows at the end of its row.',
  },
  {
    target: tourTargets.runPoint,
    placement: 'right',
    title: 'Compute this point',
    content:
      'The run button computes the statistics of this point alone. A confirmation shows the credits it costs before anything is charged.',
  },
  {
    target: '[data-tour="compute"]',
    placement: 'top',
    title: 'Or compute them all',
    content:
      'Compute statistics runs every point not computed yet. A point may take up to 10 minutes; its progress shows in its row and you may leave the page meanwhile.',
  },
];

/** View statistics on a computed point (Query tab): the finished point, its download, the Analyze tab. */
export const computedPointSteps: Step[] = [
  {
    target: tourTargets.pointsHeader,
    title: 'View the statistics',
    content: 'Statistics are ready for your points: this short tour shows where to find them.',
    ...offerStep,
  },
  {
    target: tourTargets.computedPoint,
    placement: 'right',
    title: 'A computed point',
    content: 'FINISHED: the statistics of this point are ready. A computed point can no longer be moved.',
  },
  {
    target: tourTargets.computedState,
    placement: 'right',
    title: 'Download the statistics',
    content:
      'When your offer includes downloads, the download button gives every statistic of the point in one file.',
  },
  {
    target: tourTargets.analyzeTab,
    placement: 'bottom',
    title: 'Read the statistics',
    content: 'Open the Analyze tab to display the charts and tables of your computed points.',
  },
];

/** The project analyze display (Analyze tab): the four choices, Display Statistics, the overview map. */
export const analyzeDisplaySteps: Step[] = [
  {
    target: tourTargets.analyzeHeader,
    title: 'Read your statistics',
    content: 'Choose a point, a field, a statistic and a variable, then display the charts and tables.',
    ...offerStep,
  },
  {
    target: '[data-testid="group-points"]',
    placement: 'right',
    title: 'Choose a point',
    content: 'The computed points of the project. You may also click a point on the map.',
  },
  {
    target: '[data-testid="group-fields"]',
    placement: 'right',
    title: 'Choose a field',
    content: 'The dataset field to study: wave height, wind speed, current speed…',
  },
  {
    target: '[data-testid="group-types"]',
    placement: 'right',
    title: 'Choose a statistic',
    content: 'Distributions, roses, weather windows, extremes… the statistics computed for this field.',
  },
  {
    target: '[data-testid="group-variables"]',
    placement: 'right',
    title: 'Choose a variable',
    content:
      'The variable it is crossed with (a direction, a period). It is chosen for you when there is only one.',
  },
  {
    target: tourTargets.displayStatistics,
    placement: 'right',
    title: 'Display Statistics',
    content: 'Opens the charts and tables of your choice, with their exports. Clear selection starts again.',
  },
  {
    target: '[data-testid="analyze-map"]',
    placement: 'left',
    title: 'Overview on the map',
    content:
      'Click a computed point for its overview: mean, min, max, median and standard deviation of each variable.',
  },
];

export interface Tour {
  /** The current step while the tour runs, else null. */
  step: number | null;
  /** Closed or finished before, or every tutorial dismissed: it does not open by itself. */
  done: boolean;
  go: (index: number) => void;
  /** Starts the tour from the beginning, even if it was closed before. */
  replay: () => void;
  /** The tour itself and its help button, to render once. */
  element: ReactNode;
  helpButton: ReactNode;
}

/**
 * A controlled tour. It starts by itself (after the spec's delay) when `autoStart` holds, unless the user
 * dismissed all tutorials or already closed or finished this one.
 */
export function useTour(name: TourName, steps: Step[], autoStart: boolean): Tour {
  const user = useMe();
  const [settings] = useUserSettings();
  const [run, setRun] = useState(false);
  const [index, setIndex] = useState(0);
  // replayed from the help button: asked for, so no beacon first
  const [replayed, setReplayed] = useState(false);
  const shown = useMemo(
    () => (replayed ? steps.map((step) => ({ ...step, skipBeacon: true })) : steps),
    [replayed, steps],
  );
  const started = useRef(false);
  // the run under way, so that its start and its end are each tracked once
  const active = useRef(false);
  const key = doneKey(name, user.id);
  const dismissed = settings.dismissAllTutorials || localStorage.getItem(key) === 'done';
  // one first-visit dialog at a time: the tutorial starts once the release notes are closed
  const waiting = useFirstVisitDialogOpen();

  useEffect(() => {
    if (!autoStart || dismissed || started.current || waiting) return;
    const timer = setTimeout(() => {
      started.current = true;
      begin();
    }, tourDelayMs);
    return () => clearTimeout(timer);
    // begin only tracks and sets state: it need not restart the timer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoStart, dismissed, waiting]);

  const running = run && !settings.dismissAllTutorials;
  function begin() {
    active.current = true;
    setRun(true);
    track({ category: 'tutorial', action: 'start', label: name });
  }
  const end = (outcome: TourOutcome) => {
    setRun(false);
    localStorage.setItem(key, 'done');
    if (!active.current) return;
    active.current = false;
    track({ category: 'tutorial', action: outcome, label: name });
  };
  const onEvent: EventHandler = (data) => {
    if (data.status === STATUS.SKIPPED) return end('skip');
    if (data.status === STATUS.FINISHED) return end('finish');
    if (data.type === EVENTS.TOUR_END) return end(data.index + 1 >= steps.length ? 'finish' : 'skip');
    if (data.type !== EVENTS.STEP_AFTER) return;
    if (data.action === ACTIONS.NEXT) {
      if (data.index + 1 >= steps.length) end('finish');
      else setIndex(data.index + 1);
    } else if (data.action === ACTIONS.PREV) setIndex(Math.max(0, data.index - 1));
    else if (data.action === ACTIONS.CLOSE || data.action === ACTIONS.SKIP) end('skip');
  };

  const replay = () => {
    started.current = true;
    setReplayed(true);
    setIndex(0);
    setRun(false);
    setTimeout(begin, tourDelayMs);
  };

  return {
    step: running ? index : null,
    done: dismissed,
    go: (next) => setIndex(Math.max(0, Math.min(steps.length - 1, next))),
    replay,
    element: (
      <Joyride
        steps={shown}
        run={running}
        stepIndex={index}
        continuous
        onEvent={onEvent}
        locale={{ back: 'Back', close: 'Close', last: 'Done', next: 'Next', skip: 'Skip tutorial' }}
        options={{
          primaryColor: theme.palette.primary.main,
          textColor: theme.palette.text.primary,
          zIndex: 1500,
          showProgress: true,
          skipBeacon: true,
          closeButtonAction: 'skip',
          buttons: ['back', 'close', 'primary', 'skip'],
          width: 340,
        }}
      />
    ),
    helpButton: (
      <Tooltip title="Show the tutorial">
        <IconButton size="small" aria-label="Show the tutorial" onClick={replay}>
          <HelpOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
  };
}
