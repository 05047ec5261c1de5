// Server state of usage analysis (spec 002 §7 GET /api/usage/…): the three lists and one item of each.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z, ZodType } from 'zod';
import { paths, usageCustomer, usageOffer, usagePage, usageUser, type UsagePage } from '@metocean/contracts';
import { ApiError, apiRequest } from '../../api/client';

export const USAGE_TABS = ['customers', 'users', 'offers'] as const;
export type UsageTab = (typeof USAGE_TABS)[number];

const endpoints = {
  customers: { list: paths.usageCustomers, one: paths.usageCustomer, schema: usageCustomer },
  users: { list: paths.usageUsers, one: paths.usageUser, schema: usageUser },
  offers: { list: paths.usageOffers, one: paths.usageOffer, schema: usageOffer },
} as const;

export type ItemOf<T extends UsageTab> = z.infer<(typeof endpoints)[T]['schema']>;

/** A page of a list: from 1, its size, and the ordering ('-' first for descending) if any. */
export interface ListQuery {
  page: number;
  pageSize: number;
  ordering: string | null;
}

export const usageKeys = {
  list: (tab: UsageTab, query: ListQuery) => ['usage', tab, 'list', query] as const,
  one: (tab: UsageTab, id: number) => ['usage', tab, id] as const,
};

export function useUsageList<T extends UsageTab>(tab: T, query: ListQuery) {
  const endpoint = endpoints[tab];
  return useQuery({
    queryKey: usageKeys.list(tab, query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(query.page), page_size: String(query.pageSize) });
      if (query.ordering) params.set('ordering', query.ordering);
      return apiRequest(`${endpoint.list}?${params.toString()}`, {
        schema: usagePage(endpoint.schema) as unknown as ZodType<UsagePage<ItemOf<T>>>,
        signal,
        forbidden: 'throw',
      });
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useUsageItem<T extends UsageTab>(tab: T, id: number) {
  const endpoint = endpoints[tab];
  return useQuery({
    queryKey: usageKeys.one(tab, id),
    queryFn: ({ signal }) =>
      apiRequest(endpoint.one(id), {
        schema: endpoint.schema as unknown as ZodType<ItemOf<T>>,
        signal,
        forbidden: 'throw',
      }),
    retry: false,
  });
}

/** A viewer the server refuses is sent home (spec 002 §6). */
export const isRefused = (error: unknown) => error instanceof ApiError && error.status === 403;
