// Guided tours (spec 000 §2.4, §4 Tutorials): the 6-step new-project tour and the create-point tour, with
// react-joyride in controlled mode so steps advance on the user's actions (map click, point saved), not
// only on Next. A tour closed or finished is not shown again to this user in this browser; 'Dismiss all
// tutorials' (the profile setting) stops every tour; the help button replays one on demand.
import { useFirstVisitDialogOpen } from '../../app/first-visit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ACTIONS, EVENTS, Joyride, STATUS, type EventHandler, type Step } from 'react-joyride';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useMe } from '../../api/queries';
import { useUserSettings } from '../profile/settings';
import { theme } from '../../app/theme';

/** Tour start delay (spec 000 §9). */
export const tourDelayMs = 50;

export type TourName = 'newProject' | 'createPoint';

const doneKey = (name: TourName, userId: number) => `metocean.tour.${name}.${userId}`;

const sidebarSection = (label: string) => `section[aria-label="${label}"]`;
const mapTarget = '[data-testid="map"]';
const pointPopup = '[role="dialog"][aria-label="New point"]';

/** Steps that wait for an action have no Next button and leave the page usable (no overlay). */
const actionStep: Partial<Step> = { buttons: ['back', 'skip'], hideOverlay: true, overlayClickAction: false };

/** Scrolls the side bar to a section before its step (spec 000 §2.4: steps 3, 4, 5). */
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
  },
  {
    target: sidebarSection('3. Dataset Selection'),
    placement: 'left',
    title: 'Dataset',
    content:
      'Global Data covers the world; High-Resolution datasets cover regional zones that contain your points.',
    before: scrollSideBar(sidebarSection('3. Dataset Selection')),
  },
  {
    target: sidebarSection('4. Project name'),
    placement: 'left',
    title: 'Save',
    content: 'Name the project (letters, digits, - and _) and create it.',
    before: scrollSideBar(sidebarSection('4. Project name')),
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

export interface Tour {
  /** The current step while the tour runs, else null. */
  step: number | null;
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
  const started = useRef(false);
  const key = doneKey(name, user.id);
  const dismissed = settings.dismissAllTutorials || localStorage.getItem(key) === 'done';
  // one first-visit dialog at a time: the tutorial starts once the release notes are closed
  const waiting = useFirstVisitDialogOpen();

  useEffect(() => {
    if (!autoStart || dismissed || started.current || waiting) return;
    const timer = setTimeout(() => {
      started.current = true;
      setRun(true);
    }, tourDelayMs);
    return () => clearTimeout(timer);
  }, [autoStart, dismissed, waiting]);

  const running = run && !settings.dismissAllTutorials;
  const end = () => {
    setRun(false);
    localStorage.setItem(key, 'done');
  };
  const onEvent: EventHandler = (data) => {
    if (data.status === STATUS.SKIPPED || data.status === STATUS.FINISHED || data.type === EVENTS.TOUR_END) {
      end();
      return;
    }
    if (data.type !== EVENTS.STEP_AFTER) return;
    if (data.action === ACTIONS.NEXT) {
      if (data.index + 1 >= steps.length) end();
      else setIndex(data.index + 1);
    } else if (data.action === ACTIONS.PREV) setIndex(Math.max(0, data.index - 1));
    else if (data.action === ACTIONS.CLOSE || data.action === ACTIONS.SKIP) end();
  };

  const replay = () => {
    started.current = true;
    setIndex(0);
    setRun(false);
    setTimeout(() => setRun(true), tourDelayMs);
  };

  return {
    step: running ? index : null,
    go: (next) => setIndex(Math.max(0, Math.min(steps.length - 1, next))),
    replay,
    element: (
      <Joyride
        steps={steps}
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
