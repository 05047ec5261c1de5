// /usage/customers/{id}, /usage/users/{id}, /usage/offers/{id} (spec 002 §2): one item's usage, with a
// "Go back" button to its list. Missing dates read "No date", missing export details "No data available".
import type { ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  EXPORT_KINDS,
  type UsageCustomer,
  type UsageOffer,
  type UsageOfferInstance,
  type UsageUser,
} from '@metocean/contracts';
import { ApiError } from '../../api/client';
import { USAGE_TABS, useUsageItem, type UsageTab } from './api';
import { fullName, PROJECT_TEMPLATE_LABELS, userColumns } from './columns';
import { PointsCell, PointsTable } from './PointsCell';
import { exportRows, usageDate } from './rules';
import { count, UsageTable, yesNo, type Column } from './UsageTable';
import { QueryState, useMayAnalyseUsage } from './UsagePage';

const SINGULAR: Record<UsageTab, string> = { customers: 'customer', users: 'user', offers: 'offer' };

const EXPORT_LABELS = { EXCEL: 'Excel', MATLAB: 'Matlab', NETCDF: 'NetCDF' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: 16, fontWeight: 600, px: 2, pt: 1.5, pb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Label and value pairs, four to a line. */
function Facts({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <Paper variant="outlined">
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 2, m: 0, p: 2 }}
      >
        {facts.map(([label, value]) => (
          <Box key={label}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

const instanceColumns: Column<UsageOfferInstance & { id: number }>[] = [
  { id: 'name', label: 'Offer', sortValue: (i) => i.name, render: (i) => i.name },
  { id: 'description', label: 'Description', render: (i) => i.description || '—' },
  {
    id: 'projects',
    label: 'Projects',
    numeric: true,
    sortValue: (i) => i.projectCount,
    render: (i) => count.format(i.projectCount),
  },
  {
    id: 'reports',
    label: 'Reports',
    numeric: true,
    sortValue: (i) => i.reportCount,
    render: (i) => count.format(i.reportCount),
  },
  {
    id: 'downtimes',
    label: 'Downtimes',
    numeric: true,
    sortValue: (i) => i.downtimeCount,
    render: (i) => count.format(i.downtimeCount),
  },
  {
    id: 'credits',
    label: 'Credits used',
    numeric: true,
    sortValue: (i) => i.creditCount,
    render: (i) => count.format(i.creditCount),
  },
  { id: 'offerEnd', label: 'Offer end', sortValue: (i) => i.offerEnd, render: (i) => usageDate(i.offerEnd) },
];

function ExportDetailsSection({ customer }: { customer: UsageCustomer }) {
  const rows = exportRows(customer.exportDetails);
  return (
    <Section title="Statistics exports">
      {rows === null ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          No data available
        </Typography>
      ) : (
        <>
          <UsageTable
            label="Statistics exports"
            rows={rows.map((row, index) => ({ ...row, id: index + 1 }))}
            columns={[
              { id: 'code', label: 'Statistic', sortValue: (r) => r.code, render: (r) => r.code },
              ...EXPORT_KINDS.map((kind) => ({
                id: kind,
                label: EXPORT_LABELS[kind],
                numeric: true,
                sortValue: (r: (typeof rows)[number]) => r.counts[kind],
                render: (r: (typeof rows)[number]) => count.format(r.counts[kind]),
              })),
              {
                id: 'total',
                label: 'Total',
                numeric: true,
                sortValue: (r) => r.total,
                render: (r) => count.format(r.total),
              },
            ]}
          />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 2, py: 1 }}>
            Counted on {usageDate(customer.exportDetails?.generatedAt ?? null)}
          </Typography>
        </>
      )}
    </Section>
  );
}

function CustomerDetail({ customer }: { customer: UsageCustomer }) {
  const navigate = useNavigate();
  return (
    <>
      <Facts
        facts={[
          ['Projects', count.format(customer.projectCount)],
          ['Points', <PointsCell key="points" points={customer.points} owner={customer.name} />],
          ['Reports', count.format(customer.reportCount)],
          ['Downtimes', count.format(customer.downtimeCount)],
          ['Active users', count.format(customer.activeUser)],
          ['Active offers', count.format(customer.activeOffer)],
          ['Credits used', count.format(customer.creditCount)],
          ['Subscription end', usageDate(customer.subscriptionEnd)],
          ['Last visit', usageDate(customer.lastVisit)],
          ['Last visit by', customer.lastVisitBy ?? '—'],
        ]}
      />
      <Section title="Offers">
        <UsageTable
          label="Offers of the customer"
          rows={customer.offerInstances.map((instance, index) => ({ ...instance, id: index + 1 }))}
          columns={instanceColumns}
          onOpen={(instance) => void navigate(`/usage/offers/${instance.offer}`)}
          empty="No offer."
        />
      </Section>
      <Section title="Users">
        <UsageTable
          label="Users of the customer"
          rows={customer.users}
          columns={userColumns}
          onOpen={(user) => void navigate(`/usage/users/${user.id}`)}
          empty="No user."
        />
      </Section>
      <ExportDetailsSection customer={customer} />
    </>
  );
}

function UserDetail({ user }: { user: UsageUser }) {
  return (
    <>
      <Facts
        facts={[
          ['Username', user.username],
          ['Name', fullName(user) || '—'],
          ['E-mail', user.email],
          ['Last login', usageDate(user.lastLogin)],
          ['Projects', count.format(user.projectCount)],
          ['Reports', count.format(user.reportCount)],
          ['Downtimes', count.format(user.downtimeCount)],
          ['Points', count.format(user.points.length)],
        ]}
      />
      <Section title="Points of the user's projects">
        {user.points.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
            No point
          </Typography>
        ) : (
          <PointsTable points={user.points} />
        )}
      </Section>
    </>
  );
}

function OfferDetail({ offer }: { offer: UsageOffer }) {
  const navigate = useNavigate();
  return (
    <>
      <Facts
        facts={[
          ['Description', offer.description || '—'],
          ['Project template', PROJECT_TEMPLATE_LABELS[offer.projectTemplate]],
          ['Downtime', yesNo(offer.canRunDowntime)],
          ['Reports', yesNo(offer.canBuildReport)],
          ['Maps', yesNo(offer.hasMaps)],
          ['Unlimited', yesNo(offer.isUnlimited)],
        ]}
      />
      <Section title="Customers">
        <UsageTable
          label="Customers of the offer"
          rows={offer.customers}
          columns={[{ id: 'name', label: 'Customer', sortValue: (c) => c.name, render: (c) => c.name }]}
          onOpen={(customer) => void navigate(`/usage/customers/${customer.id}`)}
          empty="No customer holds this offer."
        />
      </Section>
      <Section title="Zones">
        <UsageTable
          label="Zones of the offer"
          rows={offer.zones.map((zone, index) => ({ ...zone, id: index + 1 }))}
          columns={[
            { id: 'name', label: 'Zone', sortValue: (z) => z.name, render: (z) => z.name },
            { id: 'active', label: 'Active', render: (z) => yesNo(z.isActive) },
            { id: 'demo', label: 'Demo', render: (z) => yesNo(z.isDemo) },
            { id: 'private', label: 'Private', render: (z) => yesNo(z.isPrivate) },
            { id: 'world', label: 'World', render: (z) => yesNo(z.isWorld) },
          ]}
          empty="No zone."
        />
      </Section>
    </>
  );
}

function Detail({ tab, id }: { tab: UsageTab; id: number }) {
  const item = useUsageItem(tab, id);
  if (item.error instanceof ApiError && item.error.status === 404)
    return (
      <Alert severity="info">
        There is no such {SINGULAR[tab]}: it may have been deleted. Go back to the list to pick another.
      </Alert>
    );
  if (!item.data) return <QueryState error={item.error} />;
  const data = item.data;
  const title = tab === 'users' ? (data as UsageUser).username : (data as UsageCustomer | UsageOffer).name;
  return (
    <>
      <Typography variant="h1">{title}</Typography>
      {tab === 'customers' && <CustomerDetail customer={data as UsageCustomer} />}
      {tab === 'users' && <UserDetail user={data as UsageUser} />}
      {tab === 'offers' && <OfferDetail offer={data as UsageOffer} />}
    </>
  );
}

export function UsageDetailPage() {
  const params = useParams();
  const navigate = useNavigate();
  const allowed = useMayAnalyseUsage();
  const tab = USAGE_TABS.find((t) => t === params.tab);
  const id = Number(params.id);
  if (!allowed) return <Navigate to="/" replace />;
  if (!tab) return <Navigate to="/usage/customers" replace />;
  if (!Number.isInteger(id) || id <= 0) return <Navigate to={`/usage/${tab}`} replace />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate(`/usage/${tab}`)}>
          Go back
        </Button>
      </Box>
      <Detail key={`${tab}/${id}`} tab={tab} id={id} />
    </Stack>
  );
}
