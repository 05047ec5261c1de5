// The API paths of spec 000 §7 that the foundation serves, and the ones it adds where the spec is silent
// (marked "ours"). Server routes and the web client both read them from here.

export const paths = {
  token: '/api-auth/token/',
  refresh: '/api-auth/token/refresh/', // ours
  logout: '/api-auth/logout/', // ours
  registration: '/api-auth/registration/',
  registrationPending: '/api-auth/registration/pending/',
  registrationActivate: '/api-auth/registration/activate/',
  resetPassword: '/api-auth/reset-password/',
  resetPasswordConfirm: '/api-auth/reset-password/confirm/',
  impersonate: '/api-auth/impersonate/', // ours
  impersonateStop: '/api-auth/impersonate/stop/', // ours

  usersCurrent: '/api/users/current/',
  usersCurrentSettings: '/api/users/current/settings/', // ours
  users: '/api/users/',
  user: (id: number) => `/api/users/${id}/`,
  userRemove: (id: number) => `/api/users/${id}/remove_user/`,
  userResendInvite: (id: number) => `/api/users/${id}/resend_invite/`,
  userRevokeInvite: (id: number) => `/api/users/${id}/revoke_invite/`,
  userProjects: (id: number) => `/api/users/${id}/update_projects/`, // ours: a collaborator's projects

  zones: '/api/zones/',
  zone: (id: number) => `/api/zones/${id}/`,
  zoneNodes: (id: number) => `/api/zones/${id}/nodes/`, // ours: the Grids overlay (spec 002)
  zonePointData: (id: number) => `/api/zones/${id}/point_data/`, // ours: what new points read (issue 30)
  offers: '/api/offers/',
  matchingZones: (offerId: number) => `/api/offers/${offerId}/get_matching_zones/`,

  projects: '/api/projects/',
  projectsAndCollaborators: '/api/projects/get_projects_and_collaborators',
  createDemoProject: '/api/projects/create_demo_project/',
  project: (id: number) => `/api/projects/${id}/`,
  projectCompute: (id: number) => `/api/projects/${id}/compute/`,
  projectCancel: (id: number) => `/api/projects/${id}/cancel/`,
  projectZone: (id: number) => `/api/projects/${id}/zone/`,
  projectRename: (id: number) => `/api/projects/${id}/update_project_name/`,
  projectCollaborators: (id: number) => `/api/projects/${id}/update_collaborators/`,
  projectStats: (id: number) => `/api/projects/${id}/stats/`,
  projectVisuData: (id: number) => `/api/projects/${id}/get_visu_data/`,
  projectContourBand: (id: number) => `/api/projects/${id}/contour_band/`, // ours: a contour's band on request
  projectWdIntervals: (id: number) => `/api/projects/${id}/wd_intervals/`, // ours: WD wait intervals on request
  projectWwIntervals: (id: number) => `/api/projects/${id}/ww_intervals/`, // ours: WW probability intervals on request
  projectExport: (id: number) => `/api/projects/${id}/export/`,
  points: '/api/points/',
  point: (id: number) => `/api/points/${id}/`,
  pointsBulkCreate: '/api/points/bulk_create/',
  pointCalibrate: (id: number) => `/api/points/${id}/calibrate/`,
  pointCalibratePreview: (id: number) => `/api/points/${id}/calibrate/preview/`,
  pointsParse: '/api/points/parse/',
  tasks: '/api/tasks/',
  taskCompute: (id: number) => `/api/tasks/${id}/compute/`,
  taskCancel: (id: number) => `/api/tasks/${id}/cancel/`,
  taskDownload: (id: number) => `/api/tasks/${id}/download/`,
  geometries: '/api/geometries/',
  mapConfig: '/api/map_config/', // ours: tile services and geocoder from the server's configuration
  geometry: (id: number) => `/api/geometries/${id}/`,
  geometryLayer: (id: number, type: string, layerId: number) => `/api/geometries/${id}/${type}/${layerId}/`,

  stat2ds: '/api/stat2Ds/',
  datasetsIngest: '/api/datasets/ingest/', // ours
  buoys: '/api/buoys/',
  buoyVisuData: (id: number) => `/api/buoys/${id}/get_visu_data/`,
  buoyComparison: (id: number) => `/api/buoys/${id}/comparison/`, // ours (docs/decisions.md)
  buoyComparisonDownload: (id: number) => `/api/buoys/${id}/comparison/download/`, // ours (issue 30)
  satelliteComparisons: '/api/satellite_comparisons/',
  satelliteComparison: (id: number) => `/api/satellite_comparisons/${id}/`,
  satelliteComparisonCompute: (id: number) => `/api/satellite_comparisons/${id}/compute/`,
  satelliteComparisonVisuData: (id: number) => `/api/satellite_comparisons/${id}/get_visu_data/`,
  satelliteComparisonDownload: (id: number) => `/api/satellite_comparisons/${id}/download/`,

  reports: '/api/reports/',
  report: (id: number) => `/api/reports/${id}/`,
  reportGenerate: (id: number) => `/api/reports/${id}/generate/`,
  reportCancel: (id: number) => `/api/reports/${id}/cancel/`,
  reportClean: (id: number) => `/api/reports/${id}/clean/`,
  reportDownload: (id: number) => `/api/reports/${id}/download/`,
  comments: '/api/comments/',
  contentTypes: '/api/content_types/',

  usageCustomers: '/api/usage/customers/',
  usageCustomer: (id: number) => `/api/usage/customers/${id}/`,
  usageUsers: '/api/usage/users/',
  usageUser: (id: number) => `/api/usage/users/${id}/`,
  usageOffers: '/api/usage/offers/',
  usageOffer: (id: number) => `/api/usage/offers/${id}/`,

  changelog: '/api/changelog/',
  flatpage: (url: string) => `/api/flatpages/${url}/`,
  maintenance: '/api/maintenance/', // ours
  contact: '/api/contact/', // ours (the spec posts to an external form service; we store and forward)
  demos: '/api/demos/',
  events: '/api/events/', // ours (tracking)
  history: '/api/history/',
  health: '/api/health',
} as const;
