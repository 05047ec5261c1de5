// The response schemas of the first page's modules (the API client, the user's and the projects' queries),
// loaded after the first page with zod rather than in it (issue 34: zod and the schemas are ~30 kB gz of the
// first page). Read through `lazySchema` (./lazy-schema.ts), never imported statically by those modules.
import { z } from 'zod';
import {
  changelogResponse,
  collaborator,
  createProjectResponse,
  currentUser,
  errorBody,
  flatPage,
  maintenanceNotice,
  offer,
  parsedPoints,
  point,
  project,
  projectGeometry,
  projectListItem,
  task,
  tokenGrant,
  userSettings,
  zone,
  zonePointData,
} from '@metocean/contracts';

export {
  changelogResponse,
  collaborator,
  createProjectResponse,
  currentUser,
  errorBody,
  flatPage,
  maintenanceNotice,
  parsedPoints,
  point,
  project,
  projectGeometry,
  task,
  tokenGrant,
  userSettings,
  zonePointData,
};

export const collaborators = z.array(collaborator);
export const offers = z.array(offer);
export const projectList = z.array(projectListItem);
export const tasks = z.array(task);
export const zones = z.array(zone);
export const pointList = z.array(point);
export const geometryList = z.array(projectGeometry);
export const deletedCount = z.object({ deleted: z.number() });
