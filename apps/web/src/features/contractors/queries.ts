// Server state of the marine contractors wizard (spec 001 §7 "Contractors"). Shapes are the contracts'.
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  contractorBoat,
  contractorConstraint,
  contractorJob,
  contractorOperation,
  contractorResults,
  contractorVariable,
  customerSettings,
  type ContractorJob,
  type ContractorParameters,
  type ContractorStep,
} from '@metocean/contracts';
import { apiRequest } from '../../api/client';

export const contractorPaths = {
  boats: '/api/contractors/boats/',
  boat: (id: number) => `/api/contractors/boats/${id}/`,
  operations: '/api/contractors/operations/',
  operation: (id: number) => `/api/contractors/operations/${id}/`,
  constraints: '/api/contractors/constraints/',
  constraint: (id: number) => `/api/contractors/constraints/${id}/`,
  variables: '/api/contractors/variables/',
  latestJob: (projectId: number) => `/api/contractors/jobs/?latest&project_id=${projectId}`,
  job: (id: number) => `/api/contractors/jobs/${id}/`,
  results: (id: number) => `/api/contractors/jobs/${id}/results/`,
  download: (id: number) => `/api/contractors/jobs/${id}/download/`,
  settings: (customer: number) => `/api/customer/settings/${customer}/`,
};

export const contractorKeys = {
  boats: ['contractors', 'boats'] as const,
  variables: ['contractors', 'variables'] as const,
  settings: (customer: number) => ['contractors', 'settings', customer] as const,
  job: (projectId: number) => ['contractors', 'job', projectId] as const,
  results: (id: number, computedAt: string | null) => ['contractors', 'results', id, computedAt] as const,
};

export function useBoats() {
  return useQuery({
    queryKey: contractorKeys.boats,
    queryFn: ({ signal }) => apiRequest(contractorPaths.boats, { schema: z.array(contractorBoat), signal }),
  });
}

export function useVariables() {
  return useQuery({
    queryKey: contractorKeys.variables,
    queryFn: ({ signal }) =>
      apiRequest(contractorPaths.variables, { schema: z.array(contractorVariable), signal }),
    staleTime: Infinity,
  });
}

const inFlight = (job: ContractorJob | undefined) => job?.status === 'PENDING' || job?.status === 'RUNNING';

/** The project's wizard job; polled every 1.5 s while its run is queued or running (the interval is ours). */
export function useWizardJob(projectId: number) {
  return useQuery({
    queryKey: contractorKeys.job(projectId),
    queryFn: ({ signal }) =>
      apiRequest(contractorPaths.latestJob(projectId), { schema: contractorJob, signal, forbidden: 'throw' }),
    refetchInterval: (query) => (inFlight(query.state.data) ? 1500 : false),
  });
}

export function useJobResults(job: ContractorJob | undefined) {
  return useQuery({
    queryKey: contractorKeys.results(job?.id ?? 0, job?.computedAt ?? null),
    queryFn: ({ signal }) =>
      apiRequest(contractorPaths.results(job!.id), { schema: contractorResults, signal }),
    enabled: job?.hasResults === true,
    staleTime: Infinity,
  });
}

/** The calls that change boats, operations and constraints; each refreshes the boats. */
export function useContractorWrites() {
  const client = useQueryClient();
  const after = <T>(promise: Promise<T>) =>
    promise.finally(() => client.invalidateQueries({ queryKey: contractorKeys.boats }));
  return {
    createBoat: (name: string) =>
      after(apiRequest(contractorPaths.boats, { method: 'POST', body: { name }, schema: contractorBoat })),
    updateBoat: (id: number, name: string) =>
      after(apiRequest(contractorPaths.boat(id), { method: 'PUT', body: { name }, schema: contractorBoat })),
    deleteBoat: (id: number) => after(apiRequest(contractorPaths.boat(id), { method: 'DELETE' })),
    createOperation: (body: { boat: number; name: string; duration: number }) =>
      after(apiRequest(contractorPaths.operations, { method: 'POST', body, schema: contractorOperation })),
    updateOperation: (id: number, body: { name?: string; duration?: number }) =>
      after(apiRequest(contractorPaths.operation(id), { method: 'PUT', body, schema: contractorOperation })),
    deleteOperation: (id: number) => after(apiRequest(contractorPaths.operation(id), { method: 'DELETE' })),
    createConstraint: (body: {
      operation: number;
      varName: string;
      condition: string;
      limit: number;
      unit: string;
    }) =>
      after(apiRequest(contractorPaths.constraints, { method: 'POST', body, schema: contractorConstraint })),
    updateConstraint: (
      id: number,
      body: { varName?: string; condition?: string; limit?: number; unit?: string },
    ) =>
      after(
        apiRequest(contractorPaths.constraint(id), { method: 'PUT', body, schema: contractorConstraint }),
      ),
    deleteConstraint: (id: number) => after(apiRequest(contractorPaths.constraint(id), { method: 'DELETE' })),
  };
}

/** PUT the job's step and parameters (step RUN launches); the answer replaces the cached job. */
export function useSaveJob(projectId: number) {
  const client = useQueryClient();
  // one function per project, so an effect that saves does not run again on every render
  return useCallback(
    (job: ContractorJob, step: ContractorStep, parameters: ContractorParameters) =>
      apiRequest(contractorPaths.job(job.id), {
        method: 'PUT',
        body: { project: projectId, parameters, step },
        schema: contractorJob,
        forbidden: 'throw',
      }).then((saved) => {
        client.setQueryData(contractorKeys.job(projectId), saved);
        return saved;
      }),
    [client, projectId],
  );
}

/** The customer's percentile set (spec 001 §3, §7). */
export function useCustomerPercentiles(customer: number) {
  return useQuery({
    queryKey: contractorKeys.settings(customer),
    queryFn: ({ signal }) =>
      apiRequest(contractorPaths.settings(customer), { schema: customerSettings, signal }),
  });
}

/** Replaces the customer's percentile set; the answer replaces the cached one. */
export function useSavePercentiles(customer: number) {
  const client = useQueryClient();
  return (percentiles: number[]) =>
    apiRequest(contractorPaths.settings(customer), {
      method: 'PUT',
      body: { customer, percentiles },
      schema: customerSettings,
    }).then((saved) => {
      client.setQueryData(contractorKeys.settings(customer), saved);
      return saved;
    });
}
