// The FAQ of /help/faq (spec 002 §2 'Help, FAQ, examples', spec 000 §9): the one place its questions and
// answers are written (the server serves no 'faq' flat page). Plain text rendered by React, never HTML.
// Each question has an anchor (/help/faq#how-to-create-or-remove-a-location); a few have a detail popup.
// What is said of credits, points and offers is what the code does: see docs/decisions.md 'Credits per
// point' and 'gaps2: the FAQ'.
import { STAT2D_PRICE_CREDITS, type Offer } from '@metocean/contracts';

export interface FaqLink {
  label: string;
  /** An app route, with an optional #anchor. */
  to: string;
}

export interface FaqEntry {
  /** The anchor: lower-case words joined by hyphens. */
  id: string;
  question: string;
  /** Paragraphs. */
  answer: string[];
  /** Numbered steps after the paragraphs. */
  steps?: string[];
  links?: FaqLink[];
  /** Shown in a popup from a 'More details' button. */
  detail?: { title: string; paragraphs: string[] };
  /** Shows the caller's offers with what a point costs in each. */
  offerCosts?: boolean;
}

export interface FaqSection {
  title: string;
  entries: FaqEntry[];
}

/** The anchor of the spec's named question (spec 002 §2 routes: 'anchor on how to create or remove a location'). */
export const LOCATION_ANCHOR = 'how-to-create-or-remove-a-location';

export const FAQ: FaqSection[] = [
  {
    title: 'Projects and locations',
    entries: [
      {
        id: 'how-to-create-a-project',
        question: 'How do I create a project?',
        answer: [
          'A project gathers the locations (points) of one work zone under one of your offers. Managers create projects from the home page with “New project”.',
        ],
        steps: [
          'Click the map where you need statistics: a point is added there and you name it.',
          'Check the offer; change it with “Change Offer” if you have several.',
          'Choose the dataset: Global Data covers the world, High-Resolution datasets cover regional zones containing your points.',
          'Name the project (3 to 50 letters, digits, “-” or “_”) and click “Create Project”.',
        ],
        links: [{ label: 'My projects', to: '/' }],
      },
      {
        id: LOCATION_ANCHOR,
        question: 'How do I create or remove a location?',
        answer: [
          'Locations are the points of a project, managed in its “1. Query” tab by the project’s managers while the offer runs.',
          'To remove a point, click the bin at the end of its row. Only points not computed yet can be removed: a computed point is read-only, its credits are spent. Trial projects keep their point.',
        ],
        steps: [
          'Open the project, tab “1. Query”.',
          'Click inside the work zone (the blue area) on the map.',
          'Give the point a name, unique in the project, or keep the one proposed, and save it.',
          'Or import many points at once with “import points from a file”.',
        ],
        detail: {
          title: 'Point files',
          paragraphs: [
            'A point file may be CSV or text, Excel (XLSX), GeoJSON, KML, KMZ or a zipped shapefile.',
            'CSV, text and Excel files have a header row with the columns lat (or latitude) and lon (or lng, longitude), and name if you wish, then one point per row in decimal degrees (WGS 84). Semicolon-separated files with decimal commas are read too.',
            'A zipped shapefile holds its shp, shx, prj and dbf parts, point geometries only, in WGS 84 (EPSG:4326); names come from its name attribute.',
            'Every point must lie inside the project’s zone; the points that cannot be read or lie outside are listed after the import, the others are added.',
          ],
        },
      },
      {
        id: 'why-is-my-point-refused',
        question: 'Why is my point refused?',
        answer: [
          'A point must lie inside the project’s zone: the message gives the allowed latitudes and longitudes and the value you entered. Its name must be unique within the project.',
          'A running computation also freezes the points until it ends or is cancelled.',
        ],
      },
    ],
  },
  {
    title: 'Credits and offers',
    entries: [
      {
        id: 'how-many-credits-does-a-point-cost',
        question: 'How many credits does a point cost?',
        answer: [
          'Computing the statistics of a point costs the credits per point of the project’s offer, taken from your account’s credits: 1 credit per point unless your offer states another price. Your offers are listed below.',
          'Points in a demo zone cost nothing, and unlimited offers (full study or discover) spend no credits. Nothing is charged before you confirm: the confirmation gives the total.',
        ],
        offerCosts: true,
        detail: {
          title: 'How credits are charged',
          paragraphs: [
            'The credits of every point to compute are taken when the computation starts, all at once: two computations started together never spend the same credits, and a computation refused for lack of credits charges nothing.',
            'Cancelling a computation gives back the credits of the points not computed yet. A point whose computation fails gives its credit back too.',
            'An offer may also limit the number of points of a project: a computation over that limit is refused.',
            `Maps of a zone's 2D statistics cost ${STAT2D_PRICE_CREDITS} credits, free in demo zones; only managers buy them.`,
          ],
        },
      },
      {
        id: 'what-if-i-run-out-of-credits',
        question: 'What if I run out of credits?',
        answer: [
          'The computation is refused with the credits needed and the credits left; nothing is charged. Contact us to add credits to your account.',
        ],
      },
      {
        id: 'what-happens-when-my-offer-ends',
        question: 'What happens when my offer ends?',
        answer: [
          'Everything computed stays readable: charts, tables and reports. Until the offer is renewed you can no longer add points, compute, generate reports or comment in its projects.',
        ],
        links: [{ label: 'My offers', to: '/plans' }],
      },
    ],
  },
  {
    title: 'Statistics',
    entries: [
      {
        id: 'how-long-does-a-computation-take',
        question: 'How long does a computation take?',
        answer: [
          'Up to 10 minutes per point. The progress shows in each point’s row; you may close the page meanwhile, the computation goes on.',
        ],
      },
      {
        id: 'which-statistics-are-computed',
        question: 'Which statistics are computed?',
        answer: [
          'Distributions, joint distributions, roses, weather windows and downtime, time series, vertical profiles and extremes with their return periods, each on the hourly hindcast record of the point. The statistics help shows each one on a real record, with the method behind it.',
        ],
        links: [{ label: 'Statistics help', to: '/help/statistics' }],
      },
      {
        id: 'how-do-i-read-the-statistics-of-a-point',
        question: 'How do I read the statistics of a point?',
        answer: [
          'Once a point is computed, open the “2. Analyze” tab: choose the point, the field, the statistic and the variable, then “Display Statistics”. The charts and tables can be exported; offers with downloads also give the statistics as Excel, Matlab or NetCDF files.',
        ],
      },
      {
        id: 'where-do-the-data-come-from',
        question: 'Where do the data come from?',
        answer: [
          'From hindcast records: decades of modelled wind, waves and currents, hour by hour, at every node of a grid. When you create a project, each dataset lists its resolution, time step, period covered and origin.',
        ],
        links: [{ label: 'Data validation help', to: '/help/validation' }],
      },
    ],
  },
  {
    title: 'Account',
    entries: [
      {
        id: 'how-do-i-get-a-new-password',
        question: 'How do I get a new password?',
        answer: [
          'Use “Forgot your password?” on the sign-in page: we e-mail you a link to choose a new one. A password has at least 8 characters, one capital letter and one digit.',
        ],
      },
      {
        id: 'how-do-i-invite-my-colleagues',
        question: 'How do I invite my colleagues?',
        answer: [
          'Managers invite collaborators from My Team and choose the projects each may open. The invitation is sent by e-mail; the person shows as invited until they activate their account.',
        ],
        links: [{ label: 'My Team', to: '/people' }],
      },
      {
        id: 'how-do-i-stop-the-tutorials',
        question: 'How do I stop the tutorials?',
        answer: [
          'Each tutorial shows once; “Skip tutorial” closes it for good and the “?” button replays it. Tick “Dismiss all tutorials” in your profile to stop them all.',
        ],
        links: [{ label: 'Profile', to: '/profile' }],
      },
    ],
  },
];

/** What a point costs in one offer, for the FAQ's list of the caller's offers. */
export function pointCost(offer: Pick<Offer, 'isUnlimited' | 'creditsPerPoint' | 'zones'>): string {
  if (offer.isUnlimited) return 'no credit: unlimited offer';
  const perPoint = `${offer.creditsPerPoint} credit${offer.creditsPerPoint === 1 ? '' : 's'} per point`;
  const demo = offer.zones.filter((zone) => zone.isDemo).map((zone) => zone.name);
  if (demo.length === 0) return perPoint;
  if (demo.length === offer.zones.length) return 'no credit: demo zone';
  return `${perPoint}; free in ${demo.join(', ')}`;
}
