// /usage/customers, /usage/users, /usage/offers (spec 002 §2 "Usage analysis (staff)"): three tabs of
// sortable tables; a row opens its detail. Viewers the server refuses are sent home (§6).
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { USAGE_PAGE_SIZE } from '@metocean/contracts';
import { errorMessage } from '../../api/client';
import { useMe } from '../../api/queries';
import { SectionLoader } from '../../components/Loader';
import { isRefused, USAGE_TABS, useUsageList, type ItemOf, type UsageTab } from './api';
import { customerColumns, offerColumns, userColumns } from './columns';
import { listQueryOf, orderingOf, sortOf } from './rules';
import { UsageTable, type Column } from './UsageTable';

const TAB_LABELS: Record<UsageTab, string> = { customers: 'Customers', users: 'Users', offers: 'Offers' };

const isTab = (value: string | undefined): value is UsageTab =>
  (USAGE_TABS as readonly string[]).includes(value ?? '');

/** Only superusers and staff get this far; the server decides which staff (spec 002 §6). */
export function useMayAnalyseUsage(): boolean {
  const me = useMe();
  return me.isSuperuser || me.isStaff;
}

/** What a query of the usage pages shows while loading, when refused (home) or failing. */
export function QueryState({ error }: { error: unknown }) {
  if (isRefused(error)) return <Navigate to="/" replace />;
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return <SectionLoader />;
}

function TabTable<T extends UsageTab>({ tab, columns }: { tab: T; columns: Column<ItemOf<T>>[] }) {
  const navigate = useNavigate();
  // The page, its size and the order live in the address: a page can be linked and reloaded.
  const [params, setParams] = useSearchParams();
  const query = listQueryOf(params);
  const list = useUsageList(tab, query);
  const change = (next: Partial<typeof query>) =>
    setParams(
      () => {
        const merged = { ...query, ...next };
        const search = new URLSearchParams();
        if (merged.page > 1) search.set('page', String(merged.page));
        if (merged.pageSize !== USAGE_PAGE_SIZE) search.set('page_size', String(merged.pageSize));
        if (merged.ordering) search.set('ordering', merged.ordering);
        return search;
      },
      { replace: true },
    );
  if (!list.data) return <QueryState error={list.error} />;
  return (
    <>
      {/* another page or order on its way: the rows shown are the previous ones */}
      <LinearProgress
        aria-hidden
        sx={{ height: 2, visibility: list.isPlaceholderData ? 'visible' : 'hidden' }}
      />
      <UsageTable
        label={TAB_LABELS[tab]}
        rows={list.data.results}
        columns={columns}
        onOpen={(row) => void navigate(`/usage/${tab}/${row.id}`)}
        empty={`No ${tab} yet.`}
        sort={sortOf(query.ordering)}
        onSort={(sort) => change({ ordering: orderingOf(sort), page: 1 })}
        paging={{
          count: list.data.count,
          page: query.page - 1,
          pageSize: query.pageSize,
          onPage: (page) => change({ page: page + 1 }),
          onPageSize: (pageSize) => change({ pageSize, page: 1 }),
        }}
      />
    </>
  );
}

export function UsagePage() {
  const { tab } = useParams();
  const navigate = useNavigate();
  const allowed = useMayAnalyseUsage();
  if (!allowed) return <Navigate to="/" replace />;
  if (!isTab(tab)) return <Navigate to="/usage/customers" replace />;
  return (
    <Stack spacing={2} sx={{ maxWidth: 1400, mx: 'auto' }}>
      <Typography variant="h1">Usage analysis</Typography>
      <Paper variant="outlined">
        <Tabs
          value={tab}
          onChange={(_event, value: UsageTab) => void navigate(`/usage/${value}`)}
          aria-label="Usage analysis"
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {USAGE_TABS.map((value) => (
            <Tab key={value} value={value} label={TAB_LABELS[value]} />
          ))}
        </Tabs>
        {tab === 'customers' && <TabTable tab={tab} columns={customerColumns} />}
        {tab === 'users' && <TabTable tab={tab} columns={userColumns} />}
        {tab === 'offers' && <TabTable tab={tab} columns={offerColumns} />}
      </Paper>
    </Stack>
  );
}
