// Server state of the projects feature (spec 000 §7 Projects, Points and tasks, Zones and offers).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  messages,
  paths,
  type Bounds,
  type GeometryLayerType,
  type NewPoint,
  type Offer,
  type Project,
} from '@metocean/contracts';
import { ApiError, apiRequest } from '../../api/client';
import { lazySchema } from '../../api/lazy-schema';
import { trialProjectName } from './rules';

export type ProjectOrdering = '-id' | 'name';

export const projectKeys = {
  all: ['projects'] as const,
  list: (ordering: ProjectOrdering, search: string) => ['projects', 'list', ordering, search] as const,
  detail: (id: number) => ['projects', 'detail', id] as const,
  tasks: (id: number) => ['projects', 'tasks', id] as const,
  geometries: (id: number) => ['projects', 'geometries', id] as const,
  matching: (offerId: number, bounds: Bounds | null, count: number) =>
    ['matchingZones', offerId, bounds, count] as const,
};

// the answers' schemas, loaded with zod after the first page (issue 34)
const projectList = lazySchema((schemas) => schemas.projectList);
const project = lazySchema((schemas) => schemas.project);
const tasks = lazySchema((schemas) => schemas.tasks);
const task = lazySchema((schemas) => schemas.task);
const zones = lazySchema((schemas) => schemas.zones);
const createProjectResponse = lazySchema((schemas) => schemas.createProjectResponse);
const point = lazySchema((schemas) => schemas.point);
const pointList = lazySchema((schemas) => schemas.pointList);
const deletedCount = lazySchema((schemas) => schemas.deletedCount);
const parsedPoints = lazySchema((schemas) => schemas.parsedPoints);
const projectGeometry = lazySchema((schemas) => schemas.projectGeometry);
const geometryList = lazySchema((schemas) => schemas.geometryList);
const zonePointData = lazySchema((schemas) => schemas.zonePointData);

/** The home page's list as its address asks for it (`?ordering=name`, `?search=`). */
export function projectListParams(params: URLSearchParams): { ordering: ProjectOrdering; search: string } {
  return { ordering: params.get('ordering') === 'name' ? 'name' : '-id', search: params.get('search') ?? '' };
}

/** The projects list, for its hook and the home route's prefetch (app/routes.tsx, issue 34). */
export function projectsQuery(ordering: ProjectOrdering, search: string) {
  return queryOptions({
    queryKey: projectKeys.list(ordering, search),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ ordering });
      if (search.trim()) query.set('search', search.trim());
      return apiRequest(`${paths.projects}?${query.toString()}`, { schema: projectList, signal });
    },
    // a list prefetched a moment before the page mounts is not asked again
    staleTime: 2_000,
  });
}

export function useProjects(ordering: ProjectOrdering, search: string) {
  return useQuery({ ...projectsQuery(ordering, search), placeholderData: keepPreviousData });
}

const isRunning = (status: string | undefined) => status?.toUpperCase() === 'RUNNING';

/** A project, re-polled every 3 s while it runs (spec 000 §4; the interval is ours). */
export function useProject(id: number) {
  return useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(paths.project(id), { schema: project, signal, forbidden: 'throw' }),
    refetchInterval: (query) => (isRunning(query.state.data?.status) ? 3000 : false),
    retry: false,
  });
}

const taskActive = (status: string) => ['RUNNING', 'PENDING'].includes(status.toUpperCase());

/**
 * The latest task of each point (per-point progress), polled every 2 s while the project runs and until
 * every task it last saw has settled (the interval is ours; spec 000 §9 leaves it open).
 */
export function useProjectTasks(id: number, running: boolean) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: projectKeys.tasks(id),
    queryFn: ({ signal }) => apiRequest(`${paths.tasks}?project=${id}`, { schema: tasks, signal }),
    refetchInterval: (query) =>
      running || (query.state.data ?? []).some((t) => taskActive(t.status)) ? 2000 : false,
    retry: false,
  });
  // The project's status follows its tasks (spec 000 §4), but the project is polled only while it runs: one
  // point run from its row leaves it PENDING (its task queued) and it would stay so. A task whose status
  // this poll sees change refreshes the project.
  const statuses = query.data?.map((t) => `${t.id}:${t.status}`).join(',');
  const seen = useRef(statuses);
  useEffect(() => {
    if (seen.current !== undefined && statuses !== seen.current)
      void client.invalidateQueries({ queryKey: projectKeys.detail(id) });
    seen.current = statuses;
  }, [client, id, statuses]);
  return query;
}

/** Runs one point (spec 000 §4 task flow): a draft task is reused or created, then computed with 'ALL'. */
export function useRunPoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (pointId: number) => {
      const draft = await apiRequest(paths.tasks, { method: 'POST', body: { point: pointId }, schema: task });
      return apiRequest(`${paths.taskCompute(draft.id)}?id=ALL`, { method: 'PUT', schema: task });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useMatchingZones(offerId: number | undefined, bounds: Bounds | null, points: NewPoint[]) {
  return useQuery({
    queryKey: projectKeys.matching(offerId ?? 0, bounds, points.length),
    queryFn: ({ signal }) =>
      apiRequest(paths.matchingZones(offerId ?? 0), {
        method: 'POST',
        body: { bounds, points: points.map(({ lat, lng }) => ({ lat, lng })) },
        schema: zones,
        signal,
        forbidden: 'throw',
      }),
    enabled: offerId !== undefined && bounds !== null,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** Where the new points would read their data in the chosen zone, and what they would lack (issue 30). */
export function useZonePointData(zoneId: number | undefined, points: readonly NewPoint[]) {
  const positions = points.map(({ lat, lng }) => ({ lat, lng }));
  return useQuery({
    queryKey: ['zones', 'pointData', zoneId ?? 0, positions] as const,
    queryFn: ({ signal }) =>
      apiRequest(paths.zonePointData(zoneId ?? 0), {
        method: 'POST',
        body: { points: positions },
        schema: zonePointData,
        signal,
      }),
    enabled: zoneId !== undefined && positions.length > 0,
    retry: false,
  });
}

export interface CreateProject {
  name: string;
  offerInstance: number;
  zone: number;
  collaborators: number[];
  isTrial: boolean;
  points: NewPoint[];
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateProject) =>
      apiRequest(paths.projects, { method: 'POST', body: request, schema: createProjectResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

const nameTaken = (error: unknown) =>
  error instanceof ApiError &&
  [...(error.body.nonFieldErrors ?? []), ...(error.body.fieldErrors?.name ?? [])].includes(
    messages.projectNameTaken,
  );

/**
 * A trial offer's project, created at once (spec 000 §2.5): the user as sole collaborator, the zone given
 * (the offer's first one from the offer chooser), a generated name, retried with a numeric suffix while the
 * name is taken. Answers the new project's id.
 */
export function useCreateTrialProject() {
  const create = useCreateProject();
  const run = async (
    offer: Pick<Offer, 'id' | 'name'>,
    zone: { id: number; name: string },
    userId: number,
  ) => {
    for (let suffix = 0; ; suffix++) {
      try {
        const created = await create.mutateAsync({
          name: trialProjectName(offer.name, zone.name, suffix),
          offerInstance: offer.id,
          zone: zone.id,
          collaborators: [userId],
          isTrial: true,
          points: [],
        });
        return created.projectId;
      } catch (caught) {
        if (!nameTaken(caught) || suffix >= 19) throw caught;
      }
    }
  };
  return { run, isPending: create.isPending };
}

/** The zones of the caller's offers, with their datasets (GET /api/zones/). */
export function useZones() {
  return useQuery({
    queryKey: ['zones'] as const,
    queryFn: ({ signal }) => apiRequest(paths.zones, { schema: zones, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCreateDemoProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(paths.createDemoProject, { method: 'POST', schema: createProjectResponse }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useRenameProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiRequest(paths.projectRename(id), { method: 'POST', body: { name }, schema: project }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(paths.project(id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

function useProjectAction(path: (id: number) => string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(path(id), { method: 'PUT', schema: project }),
    onSuccess: (updated: Project) => {
      client.setQueryData(projectKeys.detail(updated.id), updated);
      return client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}

export const useComputeProject = () => useProjectAction(paths.projectCompute);
export const useCancelProject = () => useProjectAction(paths.projectCancel);

export function useCreatePoint(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, lat, lng }: { name?: string; lat: number; lng: number }) =>
      apiRequest(paths.points, {
        method: 'POST',
        body: { project: projectId, name, geom: { type: 'Point', coordinates: [lng, lat] } },
        schema: point,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useDeletePoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(paths.point(id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** Renames or moves a point; `nbVersion` is the version read, a stale one answers 409 (spec 000 §7, §8). */
export function useUpdatePoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: {
      id: number;
      project: number;
      name: string;
      lat: number;
      lng: number;
      nbVersion: number;
    }) =>
      apiRequest(paths.point(change.id), {
        method: 'PUT',
        body: { ...change, geom: { type: 'Point', coordinates: [change.lng, change.lat] } },
        schema: point,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** Deletes every point of a project: the server asks for the X-Bulk header (spec 000 §7). */
export function useDeleteAllPoints() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (projectId: number) =>
      apiRequest(`${paths.points}?project=${projectId}`, {
        method: 'DELETE',
        headers: { 'X-Bulk': 'true' },
        schema: deletedCount,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** Cancels one point's running task; its credit comes back when the point was not computed. */
export function useCancelTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) => apiRequest(paths.taskCancel(taskId), { method: 'PUT', schema: task }),
    onSettled: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** Parses a points file (CSV or zipped shapefile) on the server; `project` is sent when there is one. */
export function useParsePoints() {
  return useMutation({
    mutationFn: ({ file, projectId }: { file: File; projectId?: number }) => {
      const form = new FormData();
      form.set('file', file);
      if (projectId !== undefined) form.set('project', String(projectId));
      return apiRequest(paths.pointsParse, { method: 'POST', body: form, schema: parsedPoints });
    },
  });
}

export function useBulkCreatePoints(projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (points: NewPoint[]) =>
      apiRequest(paths.pointsBulkCreate, {
        method: 'POST',
        body: { project: projectId, points },
        schema: pointList,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** The project's uploaded geometries (spec 000 §2.7). */
export function useGeometries(projectId: number) {
  return useQuery({
    queryKey: projectKeys.geometries(projectId),
    queryFn: ({ signal }) =>
      apiRequest(`${paths.geometries}?project=${projectId}`, { schema: geometryList, signal }),
    retry: false,
  });
}

function useGeometryMutation<A>(projectId: number, call: (args: A) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.geometries(projectId) }),
  });
}

export const useUploadGeometry = (projectId: number) =>
  useGeometryMutation(projectId, (file: File) => {
    const form = new FormData();
    form.set('project', String(projectId));
    form.set('file', file);
    return apiRequest(paths.geometries, { method: 'POST', body: form, schema: projectGeometry });
  });

export const useUpdateGeometry = (projectId: number) =>
  useGeometryMutation(projectId, ({ id, ...change }: { id: number; name?: string; color?: string }) =>
    apiRequest(paths.geometry(id), { method: 'PATCH', body: change, schema: projectGeometry }),
  );

export const useUpdateGeometryLayer = (projectId: number) =>
  useGeometryMutation(
    projectId,
    ({
      id,
      type,
      layerId,
      ...change
    }: {
      id: number;
      type: GeometryLayerType;
      layerId: number;
      color?: string;
      newType?: GeometryLayerType;
    }) =>
      apiRequest(paths.geometryLayer(id, type, layerId), {
        method: 'PATCH',
        body: { color: change.color, type: change.newType },
        schema: projectGeometry,
      }),
  );

export const useDeleteGeometry = (projectId: number) =>
  useGeometryMutation(projectId, (id: number) => apiRequest(paths.geometry(id), { method: 'DELETE' }));
