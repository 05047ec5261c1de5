// Server state of usage analysis (spec 002 §7 GET /api/usage/…): the three lists and one item of each.
import { useQuery } from '@tanstack/react-query';
import { z, type ZodType } from 'zod';
import { paths, usageCustomer, usageOffer, usageUser } from '@metocean/contracts';
import { ApiError, apiRequest } from '../../api/client';

export const USAGE_TABS = ['customers', 'users', 'offers'] as const;
export type UsageTab = (typeof USAGE_TABS)[number];

const endpoints = {
  customers: { list: paths.usageCustomers, one: paths.usageCustomer, schema: usageCustomer },
  users: { list: paths.usageUsers, one: paths.usageUser, schema: usageUser },
  offers: { list: paths.usageOffers, one: paths.usageOffer, schema: usageOffer },
} as const;

export type ItemOf<T extends UsageTab> = z.infer<(typeof endpoints)[T]['schema']>;

export const usageKeys = {
  list: (tab: UsageTab) => ['usage', tab] as const,
  one: (tab: UsageTab, id: number) => ['usage', tab, id] as const,
};

export function useUsageList<T extends UsageTab>(tab: T) {
  const endpoint = endpoints[tab];
  return useQuery({
    queryKey: usageKeys.list(tab),
    queryFn: ({ signal }) =>
      apiRequest(endpoint.list, {
        schema: z.array(endpoint.schema) as unknown as ZodType<ItemOf<T>[]>,
        signal,
        forbidden: 'throw',
      }),
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
