// Server state of the company alpha tables (issue 32): read by everyone of the customer (the alpha choice
// of a planning or a contractors run), changed by managers on /account/alpha-tables.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { companyAlphaTable, type AlphaTableInput } from '@metocean/contracts';
import { apiRequest } from '../../api/client';

export const alphaPaths = {
  tables: '/api/customer/alpha-tables/',
  table: (id: number) => `/api/customer/alpha-tables/${id}/`,
};
const key = ['alpha-tables'] as const;

export function useAlphaTables() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiRequest(alphaPaths.tables, { schema: z.array(companyAlphaTable), signal }),
  });
}

export function useAlphaWrites() {
  const client = useQueryClient();
  const after = <T>(promise: Promise<T>) =>
    promise.finally(() => client.invalidateQueries({ queryKey: key }));
  return {
    create: (body: AlphaTableInput) =>
      after(apiRequest(alphaPaths.tables, { method: 'POST', body, schema: companyAlphaTable })),
    update: (id: number, body: AlphaTableInput) =>
      after(apiRequest(alphaPaths.table(id), { method: 'PUT', body, schema: companyAlphaTable })),
    remove: (id: number) => after(apiRequest(alphaPaths.table(id), { method: 'DELETE' })),
  };
}
