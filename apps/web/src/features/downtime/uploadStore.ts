// The picked file and its scan, handed from the dashboard to the upload page. Kept in memory only: a
// reload of /downtime/{id}/upload has no upload data and goes back to the dashboard (spec 001 §2.1).
import type { ScanAnswer } from '@metocean/contracts';

export interface PendingUpload {
  projectId: number;
  file: File;
  scan: ScanAnswer;
}

let pending: PendingUpload | null = null;

export const uploadStore = {
  set(upload: PendingUpload) {
    pending = upload;
  },
  get(projectId: number): PendingUpload | null {
    return pending?.projectId === projectId ? pending : null;
  },
  clear() {
    pending = null;
  },
};
