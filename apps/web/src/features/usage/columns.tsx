// The columns of the three usage tables (spec 002 §3 Usage customer, user, offer), shared by the lists and
// the detail pages that embed them.
import {
  PROJECT_TEMPLATE_LABELS,
  type UsageCustomer,
  type UsageOffer,
  type UsageUser,
} from '@metocean/contracts';
import { PointsCell } from './PointsCell';
import { usageDate } from './rules';
import { count, yesNo, type Column } from './UsageTable';

const numberColumn = <T,>(id: string, label: string, value: (row: T) => number): Column<T> => ({
  id,
  label,
  numeric: true,
  sortValue: value,
  render: (row) => count.format(value(row)),
});

const dateColumn = <T,>(id: string, label: string, value: (row: T) => string | null): Column<T> => ({
  id,
  label,
  nowrap: true,
  sortValue: value,
  render: (row) => usageDate(value(row)),
});

export const fullName = (user: Pick<UsageUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

export const customerColumns: Column<UsageCustomer>[] = [
  { id: 'name', label: 'Customer', nowrap: true, sortValue: (c) => c.name, render: (c) => c.name },
  numberColumn('projects', 'Projects', (c) => c.projectCount),
  {
    id: 'points',
    label: 'Points',
    sortValue: (c) => c.points.length,
    render: (c) => <PointsCell points={c.points} owner={c.name} />,
  },
  numberColumn('reports', 'Reports', (c) => c.reportCount),
  numberColumn('downtimes', 'Downtimes', (c) => c.downtimeCount),
  numberColumn('activeUsers', 'Active users', (c) => c.activeUser),
  numberColumn('activeOffers', 'Active offers', (c) => c.activeOffer),
  numberColumn('credits', 'Credits used', (c) => c.creditCount),
  dateColumn('subscriptionEnd', 'Subscription end', (c) => c.subscriptionEnd),
  dateColumn('lastVisit', 'Last visit', (c) => c.lastVisit),
  {
    id: 'lastVisitBy',
    label: 'Last visit by',
    sortValue: (c) => c.lastVisitBy,
    render: (c) => c.lastVisitBy ?? '—',
  },
];

export const userColumns: Column<UsageUser>[] = [
  {
    id: 'username',
    label: 'Username',
    nowrap: true,
    sortValue: (u) => u.username,
    render: (u) => u.username,
  },
  { id: 'name', label: 'Name', sortValue: (u) => fullName(u) || null, render: (u) => fullName(u) || '—' },
  { id: 'email', label: 'E-mail', sortValue: (u) => u.email, render: (u) => u.email },
  dateColumn('lastLogin', 'Last login', (u) => u.lastLogin),
  numberColumn('projects', 'Projects', (u) => u.projectCount),
  numberColumn('reports', 'Reports', (u) => u.reportCount),
  numberColumn('downtimes', 'Downtimes', (u) => u.downtimeCount),
  {
    id: 'points',
    label: 'Points',
    sortValue: (u) => u.points.length,
    render: (u) => <PointsCell points={u.points} owner={u.username} />,
  },
];

export { PROJECT_TEMPLATE_LABELS };

const flagColumn = (id: string, label: string, value: (o: UsageOffer) => boolean): Column<UsageOffer> => ({
  id,
  label,
  sortValue: (o) => (value(o) ? 1 : 0),
  render: (o) => yesNo(value(o)),
});

export const offerColumns: Column<UsageOffer>[] = [
  { id: 'name', label: 'Offer', nowrap: true, sortValue: (o) => o.name, render: (o) => o.name },
  {
    id: 'template',
    label: 'Project template',
    sortValue: (o) => PROJECT_TEMPLATE_LABELS[o.projectTemplate],
    render: (o) => PROJECT_TEMPLATE_LABELS[o.projectTemplate],
  },
  flagColumn('downtime', 'Downtime', (o) => o.canRunDowntime),
  flagColumn('report', 'Reports', (o) => o.canBuildReport),
  flagColumn('maps', 'Maps', (o) => o.hasMaps),
  flagColumn('unlimited', 'Unlimited', (o) => o.isUnlimited),
  numberColumn('customers', 'Customers', (o) => o.customers.length),
  numberColumn('zones', 'Zones', (o) => o.zones.length),
];
